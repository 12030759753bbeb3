/**
 * Formula and DDE payloads (OWASP CSV injection), with line breaks and unicode around and inside them:
 * the corpus of the CSV escaping tests (`lib/csv.test.ts`) and of the export attacks
 * (`testing/attacks/input.test.ts`).
 */
export const FORMULA_PAYLOADS: readonly string[] = [
  '=1+1',
  '=HYPERLINK("http://evil.example","open")\n',
  '=HYPERLINK("http://evil.example",\n"open")',
  "+cmd|' /C calc'!A0",
  '-2+3',
  '@SUM(1)',
  '\t=1',
  '\r=1',
  "=cmd|' /C notepad'!'A1'",
  '=DDE("cmd";"/C calc";"!A0")A0',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\n=1+1',
  '\r\n=1+1\r\n',
  ' =1+1',
  '=1+1\u2028x',
  '=\u00e9t\u00e9()',
  '-\u{1F600}',
  '=1+1\r\nsecond line',
  '=\u00e9t\u00e9()\u2028',
];
