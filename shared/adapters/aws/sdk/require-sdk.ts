import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Loads a package of the AWS SDK v3 with `require`, not `import`.
 *
 * The SDK ships CommonJS, and in the Lambda it comes from the runtime, unbundled. An ES module that `import`s a
 * CommonJS package makes Node parse the package's whole code to find its named exports (cjs-module-lexer),
 * besides the ES loader's own steps; `require` does neither. That was 35–40 ms of the resume function's
 * 125–130 ms cold import here (docs/performance.md, section 2). The objects are the same either way: the SDK
 * has no `exports` map, so `import` and `require` both reach its one CommonJS build, and the tests' mocks of a
 * client class reach the adapters.
 *
 * Only the modules in this folder call it; test/architecture.test.ts keeps value imports of `@aws-sdk/*` out of
 * everything the Lambdas bundle.
 */
export function requireSdk<Module>(name: `@aws-sdk/${string}`): Module {
  return require(name) as Module;
}
