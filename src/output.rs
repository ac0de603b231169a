//! The output folder: atomic writes, files left alone when their content
//! has not changed, and a manifest of what the tool wrote so that it only
//! ever deletes its own files.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::book::io_reason;
use crate::diagnostic::Diagnostic;

const MANIFEST: &str = ".chess-kit-docs-manifest";
const MANIFEST_HEADER: &str = "# Files written by chess-kit-docs: owner, path, content hash, source key. The tool deletes only files listed here.";

pub fn hash(bytes: &[u8]) -> u64 {
    xxhash_rust::xxh3::xxh3_64(bytes)
}

/// One file the tool wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    /// What made it, such as `site:rules`; only files of the owners being
    /// rebuilt are candidates for removal.
    owner: String,
    hash: u64,
    /// A hash of what the file was made from, so costly outputs (PNGs) can
    /// be reused without being made again.
    source_key: Option<u64>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    pub written: usize,
    pub unchanged: usize,
    pub removed: usize,
}

#[derive(Debug)]
pub struct OutputDir {
    root: PathBuf,
    previous: BTreeMap<String, Entry>,
    current: Mutex<BTreeMap<String, Entry>>,
    stats: Mutex<Stats>,
}

impl OutputDir {
    /// Creates the folder if needed and reads what an earlier run wrote.
    pub fn open(root: &Path) -> Result<OutputDir, Diagnostic> {
        fs::create_dir_all(root).map_err(|e| {
            Diagnostic::file_error(
                root,
                format!("cannot create the output folder: {}", io_reason(&e)),
            )
        })?;
        let previous = match fs::read_to_string(root.join(MANIFEST)) {
            Ok(text) => parse_manifest(&text),
            Err(_) => BTreeMap::new(),
        };
        Ok(OutputDir {
            root: root.to_path_buf(),
            previous,
            current: Mutex::new(BTreeMap::new()),
            stats: Mutex::new(Stats::default()),
        })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    /// Whether `rel` was made earlier from the same source and is still as
    /// the tool left it. If so it is kept as it is, and recorded again.
    pub fn reuse(&self, owner: &str, rel: &str, source_key: u64) -> bool {
        let Some(old) = self.previous.get(rel) else {
            return false;
        };
        if old.source_key != Some(source_key) || old.owner != owner {
            return false;
        }
        match fs::read(self.path(rel)) {
            Ok(bytes) if hash(&bytes) == old.hash => {
                self.record(rel, old.clone());
                lock(&self.stats).unchanged += 1;
                true
            }
            _ => false,
        }
    }

    /// Writes `bytes` to `rel` unless the file already holds exactly them.
    /// The write goes to a temporary file that is then renamed over the old
    /// one, so a reader never sees half a file.
    pub fn write(
        &self,
        owner: &str,
        rel: &str,
        bytes: &[u8],
        source_key: Option<u64>,
    ) -> Result<(), Diagnostic> {
        let path = self.path(rel);
        let entry = Entry {
            owner: owner.to_string(),
            hash: hash(bytes),
            source_key,
        };
        if fs::read(&path).is_ok_and(|old| old == bytes) {
            self.record(rel, entry);
            lock(&self.stats).unchanged += 1;
            return Ok(());
        }
        write_atomic(&path, bytes)?;
        self.record(rel, entry);
        lock(&self.stats).written += 1;
        Ok(())
    }

    fn record(&self, rel: &str, entry: Entry) {
        lock(&self.current).insert(rel.to_string(), entry);
    }

    /// Removes files that `owners` made in an earlier run and did not make
    /// this time, then saves the manifest. A file changed by hand since the
    /// tool wrote it is left in place, with a warning.
    pub fn finish(self, owners: &BTreeSet<String>) -> (Stats, Vec<Diagnostic>) {
        let mut diags = Vec::new();
        let mut current = self.current.into_inner().unwrap_or_default();
        let mut stats = self.stats.into_inner().unwrap_or_default();
        for (rel, old) in &self.previous {
            if current.contains_key(rel) {
                continue;
            }
            if !owners.contains(&old.owner) {
                // Another book's file: keep it, and keep knowing it is ours.
                current.insert(rel.clone(), old.clone());
                continue;
            }
            let path = self.root.join(rel);
            match fs::read(&path) {
                Ok(bytes) if hash(&bytes) == old.hash => match fs::remove_file(&path) {
                    Ok(()) => {
                        stats.removed += 1;
                        remove_empty_parents(&self.root, &path);
                    }
                    Err(e) => diags.push(Diagnostic::file_error(
                        &path,
                        format!("cannot remove this old output: {}", io_reason(&e)),
                    )),
                },
                Ok(_) => {
                    let mut d = Diagnostic::file_error(
                        &path,
                        "left in place: the tool made this file earlier, but it was changed since",
                    );
                    d.severity = crate::diagnostic::Severity::Warning;
                    diags.push(d);
                }
                Err(_) => {}
            }
        }
        let mut text = String::from(MANIFEST_HEADER);
        text.push('\n');
        for (rel, e) in &current {
            let key = e
                .source_key
                .map(|k| format!("{k:016x}"))
                .unwrap_or("-".into());
            text.push_str(&format!("{}\t{}\t{:016x}\t{}\n", e.owner, rel, e.hash, key));
        }
        let path = self.root.join(MANIFEST);
        if fs::read_to_string(&path).ok().as_deref() != Some(text.as_str())
            && let Err(d) = write_atomic(&path, text.as_bytes())
        {
            diags.push(d);
        }
        (stats, diags)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn parse_manifest(text: &str) -> BTreeMap<String, Entry> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|line| {
            let mut f = line.split('\t');
            let owner = f.next()?;
            let rel = f.next()?;
            let hash = u64::from_str_radix(f.next()?, 16).ok()?;
            let key = f.next()?;
            let source_key = u64::from_str_radix(key, 16).ok();
            // Never trust a path that could leave the output folder.
            let safe = Path::new(rel)
                .components()
                .all(|c| matches!(c, std::path::Component::Normal(_)));
            safe.then(|| {
                (
                    rel.to_string(),
                    Entry {
                        owner: owner.to_string(),
                        hash,
                        source_key,
                    },
                )
            })
        })
        .collect()
}

/// Removes now-empty folders between `path` and `root`.
fn remove_empty_parents(root: &Path, path: &Path) {
    let mut dir = path.parent();
    while let Some(d) = dir {
        if d == root || !d.starts_with(root) || fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
}

/// Writes through a temporary file in the same folder and a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Diagnostic> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let fail = |what: &str, e: std::io::Error, at: &Path| {
        Diagnostic::file_error(at, format!("cannot {what}: {}", io_reason(&e)))
    };
    fs::create_dir_all(dir).map_err(|e| fail("create this folder", e, dir))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.flush()?;
        drop(f);
        fs::rename(&tmp, path)
    })();
    result.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        fail("write this file", e, path)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owners(names: &[&str]) -> BTreeSet<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn unchanged_files_are_not_rewritten() {
        let dir = tempfile::tempdir().unwrap();
        let out = OutputDir::open(dir.path()).unwrap();
        out.write("site:a", "a.txt", b"one", None).unwrap();
        let (stats, _) = out.finish(&owners(&["site:a"]));
        assert_eq!(stats.written, 1);
        let mtime = fs::metadata(dir.path().join("a.txt"))
            .unwrap()
            .modified()
            .unwrap();

        std::thread::sleep(std::time::Duration::from_millis(20));
        let out = OutputDir::open(dir.path()).unwrap();
        out.write("site:a", "a.txt", b"one", None).unwrap();
        let (stats, diags) = out.finish(&owners(&["site:a"]));
        assert!(diags.is_empty());
        assert_eq!(
            stats,
            Stats {
                written: 0,
                unchanged: 1,
                removed: 0
            }
        );
        let again = fs::metadata(dir.path().join("a.txt"))
            .unwrap()
            .modified()
            .unwrap();
        assert_eq!(mtime, again);
    }

    #[test]
    fn stale_outputs_of_the_rebuilt_owner_are_removed_and_others_kept() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("README.md"), "mine").unwrap();
        let out = OutputDir::open(dir.path()).unwrap();
        out.write("site:a", "img/a/x1.png", b"x", Some(1)).unwrap();
        out.write("site:a", "img/a/x2.png", b"y", Some(2)).unwrap();
        out.write("site:b", "img/b/y1.png", b"z", Some(3)).unwrap();
        out.finish(&owners(&["site:a", "site:b"]));

        let out = OutputDir::open(dir.path()).unwrap();
        assert!(out.reuse("site:a", "img/a/x1.png", 1));
        assert!(!out.reuse("site:a", "img/a/x2.png", 99), "a new source key");
        let (stats, diags) = out.finish(&owners(&["site:a"]));
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(stats.removed, 1);
        assert!(dir.path().join("img/a/x1.png").exists());
        assert!(!dir.path().join("img/a/x2.png").exists());
        assert!(
            dir.path().join("img/b/y1.png").exists(),
            "another book's file"
        );
        assert!(dir.path().join("README.md").exists(), "not the tool's file");

        // The other book's file is still known as ours.
        let out = OutputDir::open(dir.path()).unwrap();
        let (stats, _) = out.finish(&owners(&["site:b"]));
        assert_eq!(stats.removed, 1);
        assert!(!dir.path().join("img/b").exists(), "empty folder removed");
    }

    #[test]
    fn a_file_changed_by_hand_is_not_removed() {
        let dir = tempfile::tempdir().unwrap();
        let out = OutputDir::open(dir.path()).unwrap();
        out.write("site:a", "x.png", b"x", None).unwrap();
        out.finish(&owners(&["site:a"]));
        fs::write(dir.path().join("x.png"), "edited").unwrap();
        let out = OutputDir::open(dir.path()).unwrap();
        let (stats, diags) = out.finish(&owners(&["site:a"]));
        assert_eq!(stats.removed, 0);
        assert_eq!(diags.len(), 1);
        assert!(dir.path().join("x.png").exists());
    }

    #[test]
    fn a_manifest_path_leaving_the_folder_is_ignored() {
        let m = parse_manifest(
            "site:a\t../../etc/passwd\t0000000000000001\t-\nsite:a\tok.png\t0000000000000001\t-\n",
        );
        assert_eq!(m.len(), 1);
        assert!(m.contains_key("ok.png"));
    }

    #[test]
    fn an_unwritable_folder_is_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("plain-file");
        fs::write(&file, "x").unwrap();
        let err = OutputDir::open(&file.join("out")).unwrap_err();
        assert!(
            err.render_short()
                .contains("plain-file/out: error: cannot create the output folder")
        );
    }
}
