pub mod embed;
pub mod metadata;
pub mod outline;
pub mod tagging;
