//! The CPU time of the child processes a bench has run: the machine is
//! shared, so wall time says little.

use std::time::Duration;

/// The user and system time of the children this process has waited for
/// (Linux: `cutime` and `cstime` of `/proc/self/stat`).
pub fn children_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // In USER_HZ, 100 a second.
    Duration::from_millis((ticks(13) + ticks(14)) * 10)
}
