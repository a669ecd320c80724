#!/bin/sh
# Writes TypeScript files with 130 type errors of a few kinds.
cd "$(dirname "$0")"
mkdir -p src
node - <<'JS'
const fs = require('fs');
for (let m = 0; m < 5; m++) {
  let s = 'export interface User { id: number; name: string }\n\n';
  for (let i = 0; i < 13; i++) {
    s += `export const n${i}: number = "not a number ${i}";\n`;
    s += `export function get${i}(u: User): string { return u.id; }\n`;
  }
  fs.writeFileSync(`src/mod${m}.ts`, s);
}
JS
