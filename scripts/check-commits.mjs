#!/usr/bin/env node
/**
 * Commit subjects are at most 72 characters (the why goes in the body), so `git log --oneline` reads.
 *
 *   node scripts/check-commits.mjs                      every commit after the recorded start, to HEAD
 *   node scripts/check-commits.mjs --since <rev>        every commit after <rev>, to HEAD
 *   node scripts/check-commits.mjs --message-file <f>   one message (the commit-msg hook, scripts/commit-msg)
 *
 * The recorded start is the commit from which the rule holds (older history has longer subjects);
 * COMMIT_CHECK_SINCE overrides it. When the start is not in this clone (a shallow checkout), only HEAD
 * is checked. Exit status 1 names each subject over the limit; 2 for a usage or git error.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export const SUBJECT_MAX = 72;
/** The main branch's head when the rule was introduced: every later commit keeps it. */
const RECORDED_START = 'f03a5d1349c4bc941b78e6163fed4f4b146e3c7b';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The subject of a commit message: its first line that is not blank and not a comment of git's editor. */
function subjectOf(message) {
  return message.split('\n').find((line) => line.trim() !== '' && !line.startsWith('#')) ?? '';
}

/** Whether `rev` names a commit in this clone. */
function hasCommit(rev) {
  try {
    git('cat-file', '-e', `${rev}^{commit}`);
    return true;
  } catch {
    return false;
  }
}

/** [hash, subject] of every commit in `range`, oldest first. */
function commitsIn(range) {
  const out = git('log', '--reverse', '--format=%H%x00%s', range);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\0'));
}

function main(argv) {
  const option = (name) => {
    const at = argv.indexOf(name);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  let checked;
  const messageFile = option('--message-file');
  if (messageFile) {
    checked = [['(this commit)', subjectOf(readFileSync(messageFile, 'utf8'))]];
  } else {
    const since = option('--since') ?? process.env.COMMIT_CHECK_SINCE ?? RECORDED_START;
    if (hasCommit(since)) {
      checked = commitsIn(`${since}..HEAD`);
    } else {
      console.warn(`check-commits: ${since} is not in this clone; checking HEAD only`);
      checked = commitsIn('-1');
    }
  }
  const long = checked.filter(([, subject]) => [...subject].length > SUBJECT_MAX);
  for (const [hash, subject] of long)
    console.error(
      `${hash.length === 40 ? hash.slice(0, 12) : hash}: subject of ${[...subject].length} characters (at most ${SUBJECT_MAX}): ${subject}`,
    );
  if (long.length > 0) {
    console.error('Shorten the subject and put the why in the body (git commit --amend, or git rebase -i).');
    return 1;
  }
  console.log(`check-commits: ${checked.length} subject(s) of at most ${SUBJECT_MAX} characters`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error(`check-commits: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
}
