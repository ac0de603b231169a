//! The rules engine: whether a diagram is a legal example of its game.
//! [`chess`] is the orthodox move generator the variants build on.

pub mod chess;
