// Preloaded into the Prism child (node --import). Its stdin is a pipe from the mock, and the
// pipe closes however the mock ends, even on SIGKILL, when no exit handler can run. Prism
// then exits instead of holding its port as an orphan.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
