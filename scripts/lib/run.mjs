import { spawn } from 'node:child_process';

/**
 * Runs a command to its end with the terminal's output; rejects when it exits with an error.
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<void>}
 */
export function run(command, args) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} exited with ${code}`))));
  });
}
