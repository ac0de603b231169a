//! The site's templates and static files: compiled in from
//! `templates/html/`, and read instead from a `templates/html/` folder in
//! the current folder when the author keeps one (any file there wins).

use std::path::Path;

use crate::diagnostic::Diagnostic;

/// The compiled-in files of `templates/html/`.
const BUILTIN: [(&str, &str); 7] = [
    ("base.html", include_str!("../../templates/html/base.html")),
    ("page.html", include_str!("../../templates/html/page.html")),
    (
        "index.html",
        include_str!("../../templates/html/index.html"),
    ),
    (
        "print.html",
        include_str!("../../templates/html/print.html"),
    ),
    ("style.css", include_str!("../../templates/html/style.css")),
    ("site.js", include_str!("../../templates/html/site.js")),
    (
        "elasticlunr.min.js",
        include_str!("../../templates/html/elasticlunr.min.js"),
    ),
];

/// The files copied to `html/assets/` as they are.
const ASSETS: [&str; 3] = ["style.css", "site.js", "elasticlunr.min.js"];

pub struct Templates {
    env: minijinja::Environment<'static>,
    /// Name and text of every file, the author's where there is one.
    files: Vec<(&'static str, String)>,
}

impl std::fmt::Debug for Templates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Templates")
            .field("fingerprint", &self.fingerprint())
            .finish()
    }
}

impl Templates {
    /// The compiled-in templates (checked by the tests, so they load).
    pub fn builtin() -> Templates {
        Templates::load(None).expect("the compiled-in templates load")
    }

    /// A hash of every template's text, for the site's cache key.
    pub fn fingerprint(&self) -> u64 {
        let mut all = String::new();
        for (name, text) in &self.files {
            all.push_str(name);
            all.push('\0');
            all.push_str(text);
            all.push('\0');
        }
        crate::output::hash(all.as_bytes())
    }

    /// The compiled-in templates, each replaced by `dir/<name>` if that exists.
    pub fn load(dir: Option<&Path>) -> Result<Templates, Vec<Diagnostic>> {
        let mut files = Vec::new();
        let mut errors = Vec::new();
        for (name, text) in BUILTIN {
            let own = dir.map(|d| d.join(name)).filter(|p| p.is_file());
            let text = match own {
                Some(path) => match crate::book::read_regular_text(&path) {
                    Ok(t) => t,
                    Err(e) => {
                        errors.push(Diagnostic::file_error(
                            &path,
                            format!("cannot read this template: {}", crate::book::io_reason(&e)),
                        ));
                        continue;
                    }
                },
                None => text.to_string(),
            };
            files.push((name, text));
        }
        let mut env = minijinja::Environment::new();
        env.set_formatter(escape_formatter);
        for (name, text) in &files {
            if name.ends_with(".html")
                && let Err(e) = env.add_template_owned(*name, text.clone())
            {
                let own = dir.map(|d| d.join(name)).filter(|p| p.is_file());
                errors.push(match own {
                    Some(path) => template_error_at(&path, text, &e),
                    None => template_error(dir, name, &e),
                });
            }
        }
        if errors.is_empty() {
            Ok(Templates { env, files })
        } else {
            Err(errors)
        }
    }

    /// The compiled-in templates, or the author's in `templates/html/` of
    /// the book root ([`crate::config::find_root`]).
    pub fn from_root(root: &Path) -> Result<Templates, Vec<Diagnostic>> {
        let dir = root.join("templates").join("html");
        Templates::load(dir.is_dir().then_some(dir.as_path()))
    }

    pub fn render(&self, name: &str, ctx: minijinja::Value) -> Result<String, Diagnostic> {
        self.env
            .get_template(name)
            .and_then(|t| t.render(ctx))
            .map_err(|e| template_error(Some(Path::new("templates/html")), name, &e))
    }

    /// The stylesheet, scripts and fonts, for `html/assets/`.
    pub fn assets(&self) -> Vec<(String, Vec<u8>)> {
        let mut out: Vec<(String, Vec<u8>)> = self
            .files
            .iter()
            .filter(|(name, _)| ASSETS.contains(name))
            .map(|(name, text)| (format!("assets/{name}"), text.clone().into_bytes()))
            .collect();
        for font in crate::assets::FONTS.iter() {
            out.push((
                format!("assets/fonts/{}", font.file_name),
                font.data.to_vec(),
            ));
        }
        out
    }
}

/// A problem in the author's template, at its line and column.
fn template_error_at(path: &Path, text: &str, e: &minijinja::Error) -> Diagnostic {
    let src = crate::source::SourceFile::new(path, text);
    let mut message = format!("template problem: {}", e.kind());
    if let Some(detail) = e.detail() {
        message.push_str(&format!(": {detail}"));
    }
    let span = match e.line() {
        Some(line) => {
            let start = text
                .split_inclusive('\n')
                .take(line.saturating_sub(1))
                .map(str::len)
                .sum::<usize>();
            let end = text[start..].find('\n').map_or(text.len(), |n| start + n);
            crate::source::Span::new(start, end)
        }
        None => crate::source::Span::new(0, 0),
    };
    Diagnostic::error(&src, span, message)
        .with_help("the templates use minijinja's syntax (Jinja2's): see the compiled-in ones in templates/html/")
}

fn template_error(dir: Option<&Path>, name: &str, e: &minijinja::Error) -> Diagnostic {
    let path = dir.unwrap_or(Path::new("templates/html")).join(name);
    let mut message = format!("template problem: {}", e.kind());
    if let Some(detail) = e.detail() {
        message.push_str(&format!(": {detail}"));
    }
    if let Some(line) = e.line() {
        message.push_str(&format!(" (line {line})"));
    }
    Diagnostic::file_error(&path, message)
}

/// minijinja's own HTML escaping, except that `/` stays `/` (minijinja
/// writes `&#x2f;`, which is valid but makes every link hard to read).
fn escape_formatter(
    out: &mut minijinja::Output,
    state: &mut minijinja::State,
    value: &minijinja::Value,
) -> Result<(), minijinja::Error> {
    match value.as_str() {
        Some(text) if *state.auto_escape() == minijinja::AutoEscape::Html && !value.is_safe() => {
            out.write_str(&super::markup::escape(text))
                .map_err(minijinja::Error::from)
        }
        _ => minijinja::escape_formatter(out, state, value),
    }
}
