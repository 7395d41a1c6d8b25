// Preloaded (`node --require`) into the processes `npm run bench uhp` starts, a bare node's and
// hexarena uhp's alike: says on stderr the process's CPU time (all its threads, from getrusage) the
// moment it first writes an `ok` line, which the bench cannot read from outside without the process
// running on past it. CommonJS, so that it needs no module loader of its own.
const write = process.stdout.write;
process.stdout.write = function firstOk(chunk, ...rest) {
  if (/^ok$/m.test(String(chunk))) {
    const { user, system } = process.cpuUsage();
    process.stderr.write(`first-ok-cpu-ms ${(user + system) / 1000}\n`);
    process.stdout.write = write;
  }
  return write.call(this, chunk, ...rest);
};
