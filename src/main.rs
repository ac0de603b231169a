fn main() -> std::process::ExitCode {
    chess_kit_docs::cli::main()
}
