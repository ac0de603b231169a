//! chess-kit-docs: checks and publishes chess-variant rulebooks.
//!
//! Data flows one way: Markdown → [`book`] model → [`diagram`]s parsed once
//! with their spans → the rules engine and the renderers.

// A diagnostic is built once per problem, on a cold path; boxing it would
// only add noise to every `Result` that carries one.
#![allow(clippy::result_large_err)]

pub mod assets;
pub mod book;
pub mod check;
pub mod chunks;
pub mod cli;
pub mod commands;
pub mod config;
pub mod contents;
pub mod deck;
pub mod diagnostic;
pub mod diagram;
pub mod engine;
pub mod html;
pub mod import;
pub mod incremental;
pub mod init;
pub mod memory;
pub mod output;
pub mod paths;
pub mod pdf;
pub mod publish;
pub mod render;
pub mod settings;
pub mod source;
pub mod style;
pub mod suggest;
