// Every source file over 300 lines says why on its first line (a comment starting "Over 300 lines:").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const LIMIT = 300;
const files = execFileSync('git', ['ls-files', 'src'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => file.endsWith('.ts'));
const unexplained = files.filter((file) => {
  const text = readFileSync(file, 'utf8');
  return text.split('\n').length - 1 > LIMIT && !/^\/\/ Over 300 lines: \S/.test(text);
});
if (unexplained.length > 0) {
  process.stderr.write(
    `Over ${LIMIT} lines without a reason on the first line ("// Over 300 lines: ..."):\n  ${unexplained.join('\n  ')}\n`,
  );
  process.exit(1);
}
