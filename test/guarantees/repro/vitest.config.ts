import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Reproductions of the bugs docs/guarantees.md lists. Each asserts what SPEC.md asks, so each fails until its
// bug is fixed; `npm test` does not run them. Run: npx vitest run -c test/guarantees/repro/vitest.config.ts
export default defineConfig({
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    include: ['test/guarantees/repro/**/*.repro.ts'],
    environment: 'node',
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
