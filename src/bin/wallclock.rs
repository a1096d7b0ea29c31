//! The `wallclock` command-line tool.

fn main() {
    std::process::exit(wallclock::cli::main_with_args(
        std::env::args_os().collect(),
    ));
}
