// The dashboard page is one self-contained HTML file: these checks read it as text (no browser) and guard what
// a browser test would only notice late: external requests, HTML built from strings, missing landmarks, and a
// Content-Security-Policy whose hashes no longer match the inline script and style.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';

const PAGE = join(import.meta.dirname, '../../shared/local/dashboard/index.html');
const html = existsSync(PAGE) ? readFileSync(PAGE, 'utf8') : '';

const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
const script = scripts[0] ?? '';
const style = styles[0] ?? '';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
/** Start tags as `<name attrs>`, outside the script and style. */
const markup = html.replace(script, '').replace(style, '');
const tags = [...markup.matchAll(/<([a-z][a-z0-9-]*)(\s[^>]*)?>/gi)].map((m) => ({
  name: (m[1] ?? '').toLowerCase(),
  attrs: m[2] ?? '',
}));
const attr = (attrs: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1];

describe('dashboard page (static checks)', () => {
  it('exists, is an HTML5 document titled "Turn resumer" with a language, a viewport and both colour schemes', () => {
    expect(existsSync(PAGE)).toBe(true);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toMatch(/<title>Turn resumer<\/title>/);
    expect(html).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1">/);
    expect(html).toMatch(/<meta name="color-scheme" content="light dark">/);
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    expect(html).toMatch(/<script>/); // inline, no src, no type=module
    expect(style).toMatch(/@media \(prefers-color-scheme: dark\)/);
    expect(style).toMatch(/:focus-visible\s*\{[^}]*outline/);
  });

  it('makes no external requests: no absolute URLs, only data: in src/href, no CSS imports or url()', () => {
    expect(html).not.toMatch(/https?:\/\//i);
    expect(html).not.toMatch(/(src|href|action|poster|srcset)\s*=\s*["']?\s*\/\//i);
    for (const tag of tags) {
      for (const name of ['src', 'href', 'action']) {
        const value = attr(tag.attrs, name);
        if (value !== undefined) expect(value, `<${tag.name} ${name}>`).toMatch(/^data:/);
      }
    }
    expect(style).not.toMatch(/@import|url\(/i);
    // The script only talks to its own origin, by absolute path.
    const requested = [...script.matchAll(/(?:fetch|getJson|EventSource)\(\s*[`'"]([^`'"]*)/g)].map(
      (m) => m[1],
    );
    expect(requested.length).toBeGreaterThan(0);
    for (const path of requested) expect(path).toMatch(/^\/(events|activity|sessions)/);
  });

  it('builds the DOM with textContent and createElement only: no HTML strings, eval or inline handlers', () => {
    expect(script).not.toMatch(/\.(innerHTML|outerHTML)\s*[+]?=/);
    expect(script).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|createContextualFragment/,
    );
    expect(script).not.toMatch(/\beval\s*\(|new Function\s*\(|setTimeout\(\s*['"`]|setInterval\(\s*['"`]/);
    expect(script).toMatch(/textContent/);
    expect(script).toMatch(/document\.createElement/);
    for (const tag of tags) expect(tag.attrs, `<${tag.name}>`).not.toMatch(/\son[a-z]+\s*=|\sstyle\s*=/i);
  });

  it('has a CSP that allows only its own inline script and style (by hash) and same-origin requests', () => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...values] = part.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('base-uri')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
    // After editing the script or the style, put these hashes into the page's CSP.
    expect(directives.get('script-src'), 'script hash in the CSP').toBe(`'sha256-${sha256(script)}'`);
    expect(directives.get('style-src'), 'style hash in the CSP').toBe(`'sha256-${sha256(style)}'`);
  });

  it('has the landmarks: header with h1, main, labelled sections with h2, a captioned table with scoped headers', () => {
    const names = tags.map((tag) => tag.name);
    expect(names.filter((name) => name === 'header')).toHaveLength(1);
    expect(names.filter((name) => name === 'main')).toHaveLength(1);
    expect(html).toMatch(/<h1>Turn resumer<\/h1>/);
    const sections = tags.filter((tag) => tag.name === 'section');
    expect(sections.length).toBeGreaterThanOrEqual(3);
    for (const section of sections) {
      const labelledBy = attr(section.attrs, 'aria-labelledby');
      expect(labelledBy).toBeDefined();
      expect(html).toMatch(new RegExp(`<h2 id="${labelledBy}"`));
    }
    expect(html).toMatch(/<table[^>]*>\s*<caption[^>]*>[^<]+<\/caption>/);
    const headers = tags.filter((tag) => tag.name === 'th');
    expect(headers.length).toBeGreaterThanOrEqual(6);
    for (const header of headers) expect(attr(header.attrs, 'scope')).toBe('col');
    expect(script).toMatch(/el\('th', \{ scope: 'row'/); // each waiting row is headed by its session id
  });

  it('announces the event feed politely and the connection state as a status', () => {
    const feed = tags.find((tag) => attr(tag.attrs, 'data-testid') === 'event-feed');
    expect(feed?.name).toBe('ol');
    expect(attr(feed?.attrs ?? '', 'aria-live')).toBe('polite');
    const connection = tags.find((tag) => attr(tag.attrs, 'data-testid') === 'connection');
    expect(attr(connection?.attrs ?? '', 'role')).toBe('status');
  });

  it('names each Stop button after its session and has the test ids the browser test relies on', () => {
    expect(script).toMatch(/'aria-label': `Stop \$\{sessionId\}`/);
    for (const id of [
      'waiting-table',
      'waiting-row',
      'waiting-empty',
      'countdown',
      'attempt',
      'stop',
      'stop-error',
      'event-feed',
      'event',
      'event-kind',
      'counter-scheduled',
      'counter-fired',
      'counter-skipped',
      'counter-exhausted',
      'counter-notRetried',
    ]) {
      expect(html.includes(`data-testid="${id}"`) || html.includes(`'data-testid': '${id}'`), id).toBe(true);
    }
  });

  it('has a script that parses as JavaScript', () => {
    expect(() => new Script(script, { filename: 'index.html' })).not.toThrow();
  });
});
