#!/usr/bin/env node
// Checks docs/decisions/ (issue 33): every area file listed in its README, ids well formed, unique and
// of their file's prefix, every "Substitui" / "Substituída por" pointing at an entry that exists and
// answered the other way, and the index of each file naming exactly its entries.
//
// Given the old single file (`node scripts/check-decisions.mjs old-decisions.md`), or with no argument
// the last docs/decisions.md in git history, it also compares the entries before and after the split:
// each old entry's text exactly once (an entry rendered as labelled lines is read back joined by " / ");
// entries added after the split are listed. Prints both counts; exits 1 on any problem.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'docs/decisions');
const problems = [];
const problem = (message) => problems.push(message);

/** The entries of the old single file: one `- ` line each, under `## ` sections. */
function oldEntries(text) {
  return text
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2).trim());
}

function oldFileText() {
  const given = process.argv[2];
  if (given) return { source: given, text: readFileSync(given, 'utf8') };
  const path = 'docs/decisions.md';
  if (existsSync(join(root, path))) return { source: path, text: readFileSync(join(root, path), 'utf8') };
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  const deletedIn = git('log', '-1', '--format=%H', '--diff-filter=D', '--', path);
  if (!deletedIn) return null;
  return { source: `${deletedIn.slice(0, 10)}^:${path}`, text: git('show', `${deletedIn}^:${path}`) };
}

const LABELS = ['Topic', 'Spec / issue', 'We do', 'Why'];
const ID = /^D-([A-Z]+)-(\d{3})$/;

/** Entries of one area file: id, text (as in the old file), what it replaces and is replaced by. */
function areaEntries(file, text) {
  const entries = [];
  const indexIds = [];
  let current = null;
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (line.startsWith('## ')) section = line.slice(3);
    const heading = /^### (.*)$/.exec(line);
    if (heading) {
      current = { file, id: heading[1], labelled: [], paragraph: [], replaces: [], replacedBy: [] };
      entries.push(current);
      continue;
    }
    if (section === 'Index') {
      const item = /^- \[(D-[A-Z]+-\d{3})\]\(#(d-[a-z]+-\d{3})\)/.exec(line);
      if (item) {
        indexIds.push(item[1]);
        if (item[2] !== item[1].toLowerCase())
          problem(`${file}: index link of ${item[1]} points at #${item[2]}`);
      }
      continue;
    }
    if (!current || !line) continue;
    const field = /^- \*\*([^*]+):\*\* (.*)$/.exec(line);
    if (field && LABELS.includes(field[1])) current.labelled.push([field[1], field[2]]);
    else if (field && field[1] === 'Substitui')
      current.replaces.push(...(field[2].match(/D-[A-Z]+-\d{3}/g) ?? []));
    else if (field && field[1] === 'Substituída por')
      current.replacedBy.push(...(field[2].match(/D-[A-Z]+-\d{3}/g) ?? []));
    else current.paragraph.push(line);
  }
  for (const entry of entries) {
    if (entry.labelled.length && entry.paragraph.length)
      problem(`${file} ${entry.id}: both labelled lines and text`);
    const labels = entry.labelled.map(([label]) => label).join(',');
    if (entry.labelled.length && labels !== 'Spec / issue,We do,Why' && labels !== LABELS.join(','))
      problem(`${file} ${entry.id}: labels ${labels}`);
    entry.text = entry.labelled.length
      ? entry.labelled.map(([, value]) => value).join(' / ')
      : entry.paragraph.join(' ');
    if (!entry.text) problem(`${file} ${entry.id}: no text`);
  }
  const listed = indexIds.join(',');
  if (listed !== entries.map((entry) => entry.id).join(','))
    problem(`${file}: the index does not list exactly its entries, in order`);
  return entries;
}

const readme = readFileSync(join(dir, 'README.md'), 'utf8');
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.md') && name !== 'README.md')
  .sort();
const all = [];
const perFile = [];
for (const file of files) {
  const text = readFileSync(join(dir, file), 'utf8');
  const prefix = /^# .*\(D-([A-Z]+)\)$/m.exec(text)?.[1];
  if (!prefix) problem(`${file}: no "(D-XXX)" prefix in its title`);
  if (!readme.includes(`](${file})`)) problem(`README.md does not link ${file}`);
  const entries = areaEntries(file, text);
  entries.forEach((entry, i) => {
    const match = ID.exec(entry.id);
    if (!match) return problem(`${file}: malformed id "${entry.id}"`);
    if (match[1] !== prefix) problem(`${file}: ${entry.id} is not of the file's prefix D-${prefix}`);
    if (Number(match[2]) !== i + 1) problem(`${file}: ${entry.id} out of sequence (expected ${i + 1})`);
  });
  perFile.push([file, prefix, entries.length]);
  all.push(...entries);
}
const byId = new Map();
for (const entry of all) {
  if (byId.has(entry.id)) problem(`${entry.id} appears twice`);
  byId.set(entry.id, entry);
}
for (const entry of all) {
  for (const id of entry.replaces) {
    if (!byId.has(id)) problem(`${entry.id} replaces ${id}, which does not exist`);
    else if (!byId.get(id).replacedBy.includes(entry.id))
      problem(`${id} does not say it is replaced by ${entry.id}`);
  }
  for (const id of entry.replacedBy) {
    if (!byId.has(id)) problem(`${entry.id} is replaced by ${id}, which does not exist`);
    else if (!byId.get(id).replaces.includes(entry.id)) problem(`${id} does not say it replaces ${entry.id}`);
  }
}

for (const [file, prefix, count] of perFile)
  console.log(`${String(count).padStart(4)}  D-${prefix}  ${file}`);
console.log(`${String(all.length).padStart(4)}  entries in docs/decisions/`);

const old = oldFileText();
if (old) {
  const before = oldEntries(old.text);
  console.log(`${String(before.length).padStart(4)}  entries in ${old.source}`);
  const remaining = new Map();
  for (const text of before) remaining.set(text, (remaining.get(text) ?? 0) + 1);
  const added = [];
  for (const entry of all) {
    const left = remaining.get(entry.text) ?? 0;
    if (left === 0) added.push(entry.id);
    else remaining.set(entry.text, left - 1);
  }
  for (const [text, left] of remaining)
    if (left > 0) problem(`lost from ${old.source} (${left}×): "${text.slice(0, 100)}…"`);
  // Entries written after the split are not in the old file: listed, not refused.
  console.log(`${String(all.length - added.length).padStart(4)}  of them carried from it, text unchanged`);
  if (added.length) console.log(`${String(added.length).padStart(4)}  added since: ${added.join(', ')}`);
} else {
  console.log('no docs/decisions.md in the tree or in git history to compare with');
}

if (problems.length) {
  console.error(problems.map((line) => `✗ ${line}`).join('\n'));
  process.exit(1);
}
console.log('✓ docs/decisions/ is consistent' + (old ? ', and no entry of the old file is lost' : ''));
