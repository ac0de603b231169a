//! Which files are the rulebooks, and which folder is their book root.

use std::path::{Path, PathBuf};

use super::DEFAULT_RULES;
use crate::book::io_reason;
use crate::config::CONFIG_FILE;
use crate::diagnostic::Diagnostic;

/// Whether `file` is a rulebook when its folder is read: a `.md` file
/// other than a README and the deck's player aids.
fn is_book_file(file: &Path) -> bool {
    file.extension().is_some_and(|x| x == "md")
        && !file.file_name().is_some_and(|n| {
            n.eq_ignore_ascii_case("README.md") || n.eq_ignore_ascii_case(crate::deck::AIDS_FILE)
        })
}

/// The rulebooks directly in `dir`, sorted.
fn books_in(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && is_book_file(p))
        .collect();
    found.sort();
    Ok(found)
}

/// Whether `path` is a rulebook of a book root, as `build` picks them: a
/// `.md` file (not a README, not the player aids) in a folder that holds
/// the settings file or is a project's `rules/` folder. The language
/// server checks only these.
pub fn is_rulebook(path: &Path) -> bool {
    if !is_book_file(path) {
        return false;
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    dir.join(CONFIG_FILE).is_file()
        || dir
            .canonicalize()
            .ok()
            .and_then(|d| d.file_name().map(|n| n == DEFAULT_RULES))
            .unwrap_or(false)
}

/// The folder `check` reads when no path is given: the project's `rules/`,
/// else the book root above the current folder (one that holds the
/// settings file); `None` when there is neither.
pub fn default_folder() -> Option<PathBuf> {
    let rules = PathBuf::from(DEFAULT_RULES);
    if rules.is_dir() {
        return Some(rules);
    }
    let root = find_root(Path::new("."));
    let dir = if root.as_os_str().is_empty() {
        Path::new(".")
    } else {
        root.as_path()
    };
    dir.join(CONFIG_FILE).is_file().then_some(root)
}

/// The paths to read for what the user named: `rules/` (or the book root
/// above) when nothing was named, and for a folder made by `init` (which
/// holds no rulebook but a `rules/` folder) that `rules/`, as `mdbook
/// build book` reads `book/` from its parent.
pub fn locate(paths: &[PathBuf]) -> Vec<PathBuf> {
    if paths.is_empty() {
        return vec![default_folder().unwrap_or_else(|| PathBuf::from(DEFAULT_RULES))];
    }
    paths
        .iter()
        .map(|p| {
            let rules = p.join(DEFAULT_RULES);
            let holds_books = p.is_dir()
                && (p.join(CONFIG_FILE).is_file()
                    || books_in(p).is_ok_and(|found| !found.is_empty()));
            if p.is_dir() && !holds_books && rules.is_dir() {
                rules
            } else {
                p.clone()
            }
        })
        .collect()
}

/// The folder of the first path, where the search for the book root starts.
pub(super) fn start_dir(paths: &[PathBuf]) -> PathBuf {
    match paths.first() {
        None => PathBuf::from(DEFAULT_RULES),
        Some(p) if p.is_dir() => p.clone(),
        Some(p) => p
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from(".")),
    }
}

/// The rulebooks named by `paths`: files as given, folders' `.md` files
/// (not their README, nor the deck's player aids). Missing paths are errors.
pub fn find_books(paths: &[PathBuf], diags: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
    let defaults = [PathBuf::from(DEFAULT_RULES)];
    let paths = if paths.is_empty() {
        &defaults[..]
    } else {
        paths
    };
    let mut books = Vec::new();
    for path in paths {
        if path.is_dir() {
            match books_in(path) {
                Ok(found) if found.is_empty() => {
                    let only_others = std::fs::read_dir(path).is_ok_and(|mut entries| {
                        entries.any(|e| {
                            e.is_ok_and(|e| e.path().extension().is_some_and(|x| x == "md"))
                        })
                    });
                    let message = if only_others {
                        "no rulebooks here: the folder's only `.md` files are a README or the player aids"
                    } else {
                        "no rulebooks here: the folder has no `.md` files"
                    };
                    diags.push(
                        Diagnostic::file_error(path, message)
                            .with_help("give the folder of the rulebooks, or a rulebook itself"),
                    );
                }
                Ok(found) => books.extend(found),
                Err(e) => diags.push(Diagnostic::file_error(
                    path,
                    format!("cannot read this folder: {}", io_reason(&e)),
                )),
            }
        } else if path.exists() {
            if path.extension().is_some_and(|x| x == "md") {
                books.push(path.clone());
            } else {
                diags.push(
                    Diagnostic::file_error(path, "not a rulebook: the file does not end in `.md`")
                        .with_help("a rulebook is a Markdown file, `<book>.md`"),
                );
            }
        } else {
            let mut d = Diagnostic::file_error(path, "cannot read: no such file or folder");
            if path == Path::new(DEFAULT_RULES) {
                d = d.with_help(
                    "run in the project's folder (the one holding `rules/`), or give the rulebooks' folder",
                );
            }
            diags.push(d);
        }
    }
    distinct_books(books, diags)
}

/// Each book once (a path given twice, or a file and its folder, is read
/// once); two books of the same name would write the same output files,
/// so the second is an error naming both.
fn distinct_books(books: Vec<PathBuf>, diags: &mut Vec<Diagnostic>) -> Vec<PathBuf> {
    let mut seen_files = std::collections::BTreeSet::new();
    let mut names: std::collections::BTreeMap<std::ffi::OsString, PathBuf> = Default::default();
    let mut out = Vec::new();
    for book in books {
        let file = std::fs::canonicalize(&book).unwrap_or_else(|_| book.clone());
        if !seen_files.insert(file) {
            continue;
        }
        let name = book.file_stem().unwrap_or_default().to_os_string();
        if let Some(first) = names.get(&name) {
            diags.push(
                Diagnostic::file_error(
                    &book,
                    format!(
                        "two rulebooks are called `{}`: {} and {}",
                        name.to_string_lossy(),
                        crate::paths::shown(first),
                        crate::paths::shown(&book)
                    ),
                )
                .with_help("their pages, images and PDF would overwrite each other: rename one"),
            );
            continue;
        }
        names.insert(name, book.clone());
        out.push(book);
    }
    out
}

/// The book root for rulebooks in `start`: the nearest folder, from
/// `start` up, that holds the settings file (as cargo finds `Cargo.toml`),
/// not looking above a repository's root (a folder with `.git`); `start`
/// itself when none does. Settings, templates and styles are found there,
/// whatever the current folder.
pub fn find_root(start: &Path) -> PathBuf {
    let here = |dir: &Path| -> PathBuf {
        if dir.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            dir.to_path_buf()
        }
    };
    let holds = |dir: &Path| here(dir).join(CONFIG_FILE).is_file();
    let repo_root = |dir: &Path| here(dir).join(".git").exists();
    let mut last = None;
    for dir in start.ancestors() {
        if holds(dir) {
            return here(dir);
        }
        if repo_root(dir) {
            return start.to_path_buf();
        }
        last = Some(dir);
    }
    // A relative `start` ends at the current folder: go on above it.
    if start.is_relative()
        && last.is_some_and(|d| d.as_os_str().is_empty() || d == Path::new("."))
        && let Ok(cwd) = std::env::current_dir()
    {
        for dir in cwd.ancestors().skip(1) {
            if holds(dir) {
                return dir.to_path_buf();
            }
            if repo_root(dir) {
                break;
            }
        }
    }
    start.to_path_buf()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The settings file is searched upward from the books, as cargo
    /// searches for `Cargo.toml`, but not above a repository's root.
    #[test]
    fn the_book_root_is_the_nearest_folder_up_with_the_settings() {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        let chapters = repo.join("rules").join("chapters");
        std::fs::create_dir_all(&chapters).unwrap();
        std::fs::create_dir(repo.join(".git")).unwrap();
        // No settings anywhere: the folder itself.
        assert_eq!(find_root(&chapters), chapters);
        std::fs::write(repo.join("rules").join(CONFIG_FILE), "").unwrap();
        assert_eq!(find_root(&chapters), repo.join("rules"));
        assert_eq!(find_root(&repo.join("rules")), repo.join("rules"));
        // Settings above the repository's root are not its own.
        std::fs::remove_file(repo.join("rules").join(CONFIG_FILE)).unwrap();
        std::fs::write(dir.path().join(CONFIG_FILE), "").unwrap();
        assert_eq!(find_root(&chapters), chapters);
        std::fs::remove_dir(repo.join(".git")).unwrap();
        assert_eq!(find_root(&chapters), dir.path());
    }

    #[test]
    fn a_folder_made_by_init_stands_for_its_rules() {
        let dir = tempfile::tempdir().unwrap();
        let book = dir.path().join("book");
        std::fs::create_dir_all(book.join("rules")).unwrap();
        std::fs::write(book.join("README.md"), "# not a rulebook\n").unwrap();
        std::fs::write(book.join("rules").join("rules.md"), "## Zombie Chess\n").unwrap();
        assert_eq!(
            locate(std::slice::from_ref(&book)),
            vec![book.join("rules")]
        );
        // A folder with rulebooks of its own is read as it is.
        std::fs::write(book.join("other.md"), "## Zombie Chess\n").unwrap();
        assert_eq!(locate(std::slice::from_ref(&book)), vec![book.clone()]);
    }

    #[test]
    fn a_rulebook_stands_in_a_book_root() {
        let dir = tempfile::tempdir().unwrap();
        let rules = dir.path().join("rules");
        let notes = dir.path().join("notes");
        std::fs::create_dir_all(&rules).unwrap();
        std::fs::create_dir_all(&notes).unwrap();
        assert!(is_rulebook(&rules.join("rules.md")));
        assert!(!is_rulebook(&rules.join("README.md")));
        assert!(!is_rulebook(&rules.join("player_aids.md")));
        assert!(!is_rulebook(&rules.join("rules.txt")));
        assert!(!is_rulebook(&notes.join("todo.md")));
        assert!(!is_rulebook(&dir.path().join("README.md")));
        std::fs::write(notes.join(CONFIG_FILE), "").unwrap();
        assert!(is_rulebook(&notes.join("todo.md")));
    }

    use crate::commands::testing::folder;

    #[test]
    fn a_folder_gives_its_rulebooks_but_not_its_readme_or_player_aids() {
        let dir = folder(&[
            ("b.md", "# B\n"),
            ("a.md", "# A\n"),
            ("README.md", "# about\n"),
            (crate::deck::AIDS_FILE, "## Zombie Chess\n"),
            ("notes.txt", "x"),
        ]);
        let mut diags = Vec::new();
        let books = find_books(&[dir.path().to_path_buf()], &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        let names: Vec<_> = books.iter().map(|p| p.file_name().unwrap()).collect();
        assert_eq!(names, ["a.md", "b.md"]);
    }

    #[test]
    fn a_missing_path_and_an_empty_folder_are_errors() {
        let dir = folder(&[]);
        let mut diags = Vec::new();
        let books = find_books(
            &[dir.path().to_path_buf(), dir.path().join("gone.md")],
            &mut diags,
        );
        assert!(books.is_empty());
        assert_eq!(diags.len(), 2);
        assert!(diags.iter().all(Diagnostic::is_error));
    }

    #[test]
    fn a_file_that_is_not_markdown_is_an_error() {
        let dir = folder(&[("data.csv", "a,b\n"), ("a.md", "")]);
        let mut diags = Vec::new();
        let books = find_books(
            &[dir.path().join("data.csv"), dir.path().join("a.md")],
            &mut diags,
        );
        assert_eq!(books, [dir.path().join("a.md")]);
        assert_eq!(diags.len(), 1);
        assert!(
            diags[0]
                .render_short()
                .ends_with("data.csv: error: not a rulebook: the file does not end in `.md`"),
            "{}",
            diags[0].render_short()
        );
    }

    #[test]
    fn a_book_given_twice_is_read_once_and_two_books_of_one_name_are_an_error() {
        let dir = folder(&[("rules.md", ""), ("b.md", "")]);
        std::fs::create_dir(dir.path().join("other")).unwrap();
        std::fs::write(dir.path().join("other/rules.md"), "").unwrap();
        let a = dir.path().join("rules.md");
        let mut diags = Vec::new();
        // The same file twice, and again through its folder.
        let books = find_books(
            &[a.clone(), a.clone(), dir.path().to_path_buf()],
            &mut diags,
        );
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(books, [a.clone(), dir.path().join("b.md")]);

        let other = dir.path().join("other/rules.md");
        let books = find_books(&[a.clone(), other.clone()], &mut diags);
        assert_eq!(books, std::slice::from_ref(&a));
        assert_eq!(diags.len(), 1);
        let text = diags[0].render_short();
        assert!(
            text.contains(&format!(
                "error: two rulebooks are called `rules`: {} and {}",
                crate::paths::shown(&a),
                crate::paths::shown(&other)
            )),
            "{text}"
        );
    }

    #[test]
    fn the_settings_come_from_the_first_paths_folder() {
        let dir = folder(&[("a.md", "")]);
        let root_of = crate::settings::Settings::root_of;
        assert_eq!(root_of(&[dir.path().join("a.md")]), dir.path());
        assert_eq!(root_of(&[dir.path().to_path_buf()]), dir.path());
        assert_eq!(root_of(&[PathBuf::from("a.md")]), Path::new("."));
        assert_eq!(root_of(&[]), Path::new(DEFAULT_RULES));
    }
}
