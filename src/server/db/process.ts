import fs from 'node:fs';

// Here, at the bottom of the server, because the embedded PostgreSQL watches its own process with
// it; lib (the data folder's lock) uses it from here.
/** True when a process with this pid exists (EPERM: it exists but belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie (dead, not yet reaped by its new parent) still answers signal 0: it is not alive.
  return !isZombie(pid);
}

/** Whether the pid is in the process table at all (alive, or a zombie not yet reaped). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a process has exited but not been reaped (Linux: state Z or X in /proc/<pid>/stat). */
export function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state follows the command name, which is in parentheses and may contain spaces.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' || state === 'X';
  } catch {
    return false;
  }
}
