//! The CPU time of the child processes a bench has run: the machine is
//! shared, so wall time says little.

use std::time::Duration;

/// The user and system time of the children this process has waited for
/// (`getrusage(RUSAGE_CHILDREN)`, to the microsecond; `/proc/self/stat`
/// counts in hundredths of a second).
pub fn children_cpu() -> Duration {
    // SAFETY: `getrusage` fills the zeroed struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        if libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) != 0 {
            return Duration::ZERO;
        }
        usage
    };
    let time = |t: libc::timeval| {
        Duration::from_secs(t.tv_sec as u64) + Duration::from_micros(t.tv_usec as u64)
    };
    time(usage.ru_utime) + time(usage.ru_stime)
}
