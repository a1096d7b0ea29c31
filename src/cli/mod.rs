//! The `wallclock` command-line tool (feature `native`).

/// Runs the tool with `args` (including the program name); returns the exit status.
pub fn main_with_args(args: Vec<std::ffi::OsString>) -> i32 {
    let _ = args;
    0
}
