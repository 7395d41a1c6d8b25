// The browser tests drive Debian's chromium package (never a downloaded browser). Installs it when
// missing and this process may (root with apt-get); otherwise says how, and the browser tests fail.
import { execFileSync } from 'node:child_process';

const has = (cmd) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

if (!has('chromium')) {
  if (process.getuid?.() === 0 && has('apt-get')) {
    console.log("ensure-chromium: installing Debian's chromium package for the browser tests…");
    execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null'], {
      stdio: 'inherit',
    });
  } else {
    console.warn("ensure-chromium: chromium is missing; install Debian's package (apt-get install chromium) for the browser tests.");
  }
}
