/**
 * JUnit XML: one testcase per change (classname `cbp.diff.<rule>`), a breaking change a failure,
 * a warning in system-out, as the conformance runner's JUnit report does; with usage, a change the
 * partner does not use is a passed case whose system-out says so, so CI fails only on what they use.
 */
import { escapeChar } from '../../lib/terminal.js';
import type { DiffResult } from '../types.js';
import { reach, where } from './text.js';

const XML_UNSAFE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const esc = (s: string) =>
  s
    .replace(XML_UNSAFE, escapeChar)
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

export function renderJunit(result: DiffResult): string {
  const failing = result.changes.filter((c) => c.severity === 'breaking' && c.used !== false);
  const cases = result.changes.map((c) => {
    const name = `${c.rule}: ${c.message}`;
    const detail = `at ${where(c)}; reaches ${reach(c, 10)}${c.used === false ? '; not used by your code' : ''}`;
    const open = `    <testcase classname="cbp.diff.${esc(c.rule)}" name="${esc(name)}" time="0">`;
    if (c.severity === 'breaking' && c.used !== false)
      return `${open}\n      <failure message="${esc(c.message)}" type="breaking">${esc(detail)}</failure>\n    </testcase>`;
    return `${open}\n      <system-out>${esc(`${c.severity}: ${detail}`)}</system-out>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cbp diff" tests="${result.changes.length}" failures="${failing.length}">`,
    `  <testsuite name="${esc(`${result.old.file} -> ${result.new.file}`)}" tests="${result.changes.length}" failures="${failing.length}" errors="0" skipped="0">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
