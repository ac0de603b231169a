//! The output folder: atomic writes, files left alone when their content
//! has not changed, and a manifest of what the tool wrote so that it only
//! ever deletes its own files.
//!
//! Nothing is written, read or deleted outside the folder: a path in it that
//! passes through a symbolic link is refused, and only regular files are
//! read. New files are staged beside their place and renamed into it only
//! when the whole run succeeded ([`OutputDir::finish`]); a failed run calls
//! [`OutputDir::abandon`] and leaves the folder as it was. The switch from
//! the old files to the new is a commit: a journal of it is written first,
//! so a run killed half way through is finished by the next one
//! ([`OutputDir::open`]). One run at a time holds the folder's lock file.
//!
//! A rebuild keeps a file only while it holds what the manifest says; a
//! file the tool has seen so before, and whose size, inode and change time
//! are still what they were then, is taken as unchanged without reading it
//! back ([`SEEN`], the way git's index trusts a file's status).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{Read as _, Write as _};
use std::path::{Component, Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::book::io_reason;
use crate::diagnostic::Diagnostic;

const MANIFEST: &str = ".chess-kit-docs-manifest";
/// The journal of a switch, there only while one is under way.
pub const JOURNAL: &str = ".chess-kit-docs-journal";
/// Held (advisory lock) by the run writing into the folder; holds its pid.
pub const LOCK_FILE: &str = ".chess-kit-docs.lock";
/// Every temporary file the tool makes ends so, and nothing else does.
const TEMP_SUFFIX: &str = ".chess-kit-docs.tmp";
/// Each output file's status (size, inode, change and modification times)
/// when the tool last found it holding what the manifest says. A cache
/// for rebuilds, never part of the output: it differs between machines
/// and folders, and a file missing from it is read and hashed instead.
pub const SEEN: &str = ".chess-kit-docs-seen";
const SEEN_HEADER: &str = "# chess-kit-docs's cache of output files seen unchanged: path, content hash, size, inode, change time, modification time. Safe to delete.";
/// A status is trusted only when the file's change time was this long
/// before the tool looked: a file's times tick coarsely, and a change made
/// within the tick it was looked at could otherwise keep its old time.
const SETTLED: std::time::Duration = if cfg!(test) {
    // The unit tests wait this long instead.
    std::time::Duration::from_millis(200)
} else {
    std::time::Duration::from_secs(2)
};
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

/// What the file system says about a file, without reading it: any write,
/// rename or replacement of the file changes its change time or inode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Status {
    len: u64,
    ino: u64,
    ctime: (i64, i64),
    mtime: (i64, i64),
}

impl Status {
    #[cfg(unix)]
    fn of(meta: &fs::Metadata) -> Option<Status> {
        use std::os::unix::fs::MetadataExt as _;
        Some(Status {
            len: meta.len(),
            ino: meta.ino(),
            ctime: (meta.ctime(), meta.ctime_nsec()),
            mtime: (meta.mtime(), meta.mtime_nsec()),
        })
    }

    /// No change time to trust elsewhere: every file is read back.
    #[cfg(not(unix))]
    fn of(_: &fs::Metadata) -> Option<Status> {
        None
    }

    /// Whether the file last changed [`SETTLED`] or more before now.
    fn settled(&self) -> bool {
        let Ok(now) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) else {
            return false;
        };
        let changed = std::time::Duration::new(
            u64::try_from(self.ctime.0).unwrap_or(u64::MAX),
            u32::try_from(self.ctime.1).unwrap_or(0),
        );
        changed.checked_add(SETTLED).is_some_and(|t| t <= now)
    }
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    pub written: usize,
    pub unchanged: usize,
    pub removed: usize,
}

/// The files a run changed, relative to the output folder, for `-v`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Changes {
    pub written: Vec<String>,
    pub removed: Vec<String>,
}

#[derive(Debug)]
pub struct OutputDir {
    root: PathBuf,
    previous: BTreeMap<String, Entry>,
    current: Mutex<BTreeMap<String, Entry>>,
    /// [`SEEN`] as the last run left it, and what this run saw.
    seen_before: BTreeMap<String, (u64, Status)>,
    seen: Mutex<BTreeMap<String, (u64, Status)>>,
    /// How many earlier outputs this run read back to hash.
    #[cfg(test)]
    read_back: AtomicU64,
    /// New contents written to temporary files, by the path they go to.
    staged: Mutex<BTreeMap<String, PathBuf>>,
    stats: Mutex<Stats>,
    /// What finishing an interrupted switch found, for the run to report.
    notes: Vec<Diagnostic>,
    /// Locked while this value lives; the lock ends when the file closes.
    _lock: FolderLock,
}

impl OutputDir {
    /// Creates the folder if needed, takes its lock, finishes the switch
    /// of a run killed during it, removes the temporary files a run killed
    /// earlier left, and reads what the last run wrote.
    pub fn open(root: &Path) -> Result<OutputDir, Diagnostic> {
        fs::create_dir_all(root).map_err(|e| {
            Diagnostic::file_error(
                root,
                format!("cannot create the output folder: {}", io_reason(&e)),
            )
        })?;
        let lock = take_lock(root)?;
        // Before the temporaries go: the journal's renames need them.
        let notes = roll_forward(root)?;
        remove_stale_temporaries(root);
        Ok(OutputDir {
            root: root.to_path_buf(),
            previous: read_manifest(root),
            current: Mutex::new(BTreeMap::new()),
            seen_before: read_seen(root),
            seen: Mutex::new(BTreeMap::new()),
            #[cfg(test)]
            read_back: AtomicU64::new(0),
            staged: Mutex::new(BTreeMap::new()),
            stats: Mutex::new(Stats::default()),
            notes,
            _lock: FolderLock(lock),
        })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    /// The path of `rel`, when it stays inside the folder: only plain names,
    /// and no folder on the way that is a symbolic link or not a folder.
    fn inside(&self, rel: &str) -> Result<PathBuf, String> {
        inside(&self.root, rel)
    }

    /// Whether `rel` was made earlier from the same source and is still as
    /// the tool left it. If so it is kept as it is, and recorded again.
    pub fn reuse(&self, owner: &str, rel: &str, source_key: u64) -> bool {
        self.reuse_all(owner, &[rel], source_key)
    }

    /// [`reuse`](Self::reuse) for files made together: all are kept, or
    /// none is recorded, so the run can write them all again.
    pub fn reuse_all(&self, owner: &str, rels: &[&str], source_key: u64) -> bool {
        let Some(old) = rels
            .iter()
            .map(|rel| self.reusable(owner, rel, source_key))
            .collect::<Option<Vec<Entry>>>()
        else {
            return false;
        };
        for (rel, entry) in rels.iter().zip(old) {
            self.record(rel, entry);
            lock(&self.stats).unchanged += 1;
        }
        true
    }

    /// Keeps every file an earlier run made for the owners `owned` picks,
    /// when all of them were made from `source_key` and are still as the
    /// tool left them (a whole site made at once); otherwise records none.
    pub fn reuse_owned(&self, owned: impl Fn(&str) -> bool, source_key: u64) -> bool {
        let files: Vec<(&String, &Entry)> = self
            .previous
            .iter()
            .filter(|(_, e)| owned(&e.owner))
            .collect();
        if files.is_empty() {
            return false;
        }
        let Some(kept) = files
            .iter()
            .map(|(rel, e)| self.reusable(&e.owner, rel, source_key))
            .collect::<Option<Vec<Entry>>>()
        else {
            return false;
        };
        for ((rel, _), entry) in files.iter().zip(kept) {
            self.record(rel, entry);
            lock(&self.stats).unchanged += 1;
        }
        true
    }

    /// The record of `rel` if it can be kept as it is.
    fn reusable(&self, owner: &str, rel: &str, source_key: u64) -> Option<Entry> {
        let old = self.previous.get(rel)?;
        if old.source_key != Some(source_key) || old.owner != owner {
            return None;
        }
        let path = self.inside(rel).ok()?;
        // Taken before reading, so a change made while reading shows next time.
        let meta = fs::symlink_metadata(&path).ok()?;
        if !meta.is_file() {
            return None;
        }
        let status = Status::of(&meta);
        if let Some(status) = status
            && self.seen_before.get(rel) == Some(&(old.hash, status))
        {
            lock(&self.seen).insert(rel.to_string(), (old.hash, status));
            return Some(old.clone());
        }
        #[cfg(test)]
        self.read_back.fetch_add(1, Ordering::Relaxed);
        let bytes = read_regular(&path)?;
        if hash(&bytes) != old.hash {
            return None;
        }
        if let Some(status) = status.filter(Status::settled) {
            lock(&self.seen).insert(rel.to_string(), (old.hash, status));
        }
        Some(old.clone())
    }

    /// Stages `bytes` for `rel` unless the file already holds exactly them.
    /// They go to a temporary file beside it, renamed over the old one by
    /// [`finish`](Self::finish), so a reader never sees half a file and a
    /// failed run changes nothing.
    pub fn write(
        &self,
        owner: &str,
        rel: &str,
        bytes: &[u8],
        source_key: Option<u64>,
    ) -> Result<(), Diagnostic> {
        let path = self.inside(rel).map_err(|reason| {
            Diagnostic::file_error(
                &self.root.join(rel),
                format!("not written: {reason}; the tool writes only inside the output folder"),
            )
        })?;
        let entry = Entry {
            owner: owner.to_string(),
            hash: hash(bytes),
            source_key,
        };
        if lock(&self.current).contains_key(rel) {
            return Err(Diagnostic::file_error(
                &path,
                "two outputs of this run would have the same file",
            ));
        }
        if holds(&path, bytes) {
            self.record(rel, entry);
            lock(&self.stats).unchanged += 1;
            return Ok(());
        }
        let tmp = write_temporary(&path, bytes)?;
        lock(&self.staged).insert(rel.to_string(), tmp);
        self.record(rel, entry);
        lock(&self.stats).written += 1;
        Ok(())
    }

    /// Starts a file written piece by piece, for one too large to hold in
    /// memory whole; [`commit`](Self::commit) stages it as
    /// [`write`](Self::write) would.
    pub fn start(&self, owner: &str, rel: &str) -> Result<Streamed, Diagnostic> {
        let path = self.inside(rel).map_err(|reason| {
            Diagnostic::file_error(
                &self.root.join(rel),
                format!("not written: {reason}; the tool writes only inside the output folder"),
            )
        })?;
        let (tmp, file) = create_temporary(&path)?;
        Ok(Streamed {
            owner: owner.to_string(),
            rel: rel.to_string(),
            path,
            tmp,
            file: Some(std::io::BufWriter::new(file)),
            hasher: xxhash_rust::xxh3::Xxh3Default::new(),
            error: None,
        })
    }

    /// Stages a file written with [`start`](Self::start), or leaves the
    /// old one alone when it holds exactly the same bytes.
    pub fn commit(
        &self,
        mut streamed: Streamed,
        source_key: Option<u64>,
    ) -> Result<(), Diagnostic> {
        let fail = |e: std::io::Error, path: &Path| {
            Diagnostic::file_error(path, format!("cannot write this file: {}", io_reason(&e)))
        };
        let flushed = match (streamed.error.take(), streamed.file.take()) {
            (Some(e), _) => Err(e),
            (None, Some(f)) => f.into_inner().map(drop).map_err(|e| e.into_error()),
            (None, None) => Ok(()),
        };
        if let Err(e) = flushed {
            return Err(fail(e, &streamed.path));
        }
        let rel = streamed.rel.clone();
        if lock(&self.current).contains_key(&rel) {
            return Err(Diagnostic::file_error(
                &streamed.path,
                "two outputs of this run would have the same file",
            ));
        }
        let entry = Entry {
            owner: streamed.owner.clone(),
            hash: streamed.hasher.digest(),
            source_key,
        };
        if same_files(&streamed.path, &streamed.tmp) {
            self.record(&rel, entry);
            lock(&self.stats).unchanged += 1;
            // Dropping it removes the temporary file.
            return Ok(());
        }
        let tmp = std::mem::take(&mut streamed.tmp);
        lock(&self.staged).insert(rel.clone(), tmp);
        self.record(&rel, entry);
        lock(&self.stats).written += 1;
        Ok(())
    }

    fn record(&self, rel: &str, entry: Entry) {
        lock(&self.current).insert(rel.to_string(), entry);
    }

    /// Ends a failed run: the staged files are removed, and the folder and
    /// its manifest stay as the last successful run left them.
    pub fn abandon(self) -> Vec<Diagnostic> {
        let staged = self.staged.into_inner().unwrap_or_else(|p| p.into_inner());
        for tmp in staged.values() {
            let _ = fs::remove_file(tmp);
        }
        self.notes
    }

    /// Renames the staged files into place, removes files that `owners`
    /// made in an earlier run and did not make this time, then saves the
    /// manifest. A file changed by hand since the tool wrote it is left in
    /// place, with a warning; so is one that could only be reached through
    /// a symbolic link.
    ///
    /// All or nothing even if the process is killed: the renames, removals
    /// and new manifest are first written to the journal, and once it is
    /// on disk the switch is done, by this run or by the next
    /// ([`open`](Self::open)).
    pub fn finish(self, owners: &BTreeSet<String>) -> (Stats, Vec<Diagnostic>) {
        let (stats, _, diags) = self.finish_listed(owners);
        (stats, diags)
    }

    /// [`finish`](Self::finish), with the files it wrote and removed.
    pub fn finish_listed(self, owners: &BTreeSet<String>) -> (Stats, Changes, Vec<Diagnostic>) {
        let mut changes = Changes::default();
        let mut diags = self.notes;
        let mut current = self.current.into_inner().unwrap_or_else(|p| p.into_inner());
        let mut stats = self.stats.into_inner().unwrap_or_else(|p| p.into_inner());
        let staged = self.staged.into_inner().unwrap_or_else(|p| p.into_inner());
        let mut removals = Vec::new();
        for (rel, old) in &self.previous {
            if current.contains_key(rel) {
                continue;
            }
            if !owners.contains(&old.owner) {
                // Another book's file: keep it, and keep knowing it is ours.
                current.insert(rel.clone(), old.clone());
                continue;
            }
            let path = match inside(&self.root, rel) {
                Ok(path) => path,
                Err(reason) => {
                    diags.push(warning(
                        &self.root.join(rel),
                        format!("left in place: {reason}, which may lead out of the output folder"),
                    ));
                    continue;
                }
            };
            match read_regular(&path) {
                Some(bytes) if hash(&bytes) == old.hash => removals.push((rel.clone(), old.hash)),
                Some(_) => diags.push(warning(
                    &path,
                    "left in place: the tool made this file earlier, but it was changed since",
                )),
                None => {}
            }
        }
        let seen = {
            let mut seen = self.seen_before.clone();
            seen.append(&mut self.seen.into_inner().unwrap_or_else(|p| p.into_inner()));
            seen
        };
        if staged.is_empty() && removals.is_empty() {
            // No file changes: the manifest alone is one atomic write.
            diags.extend(save_manifest(&self.root, &current).err());
            save_seen(&self.root, seen, &current);
            return (stats, changes, diags);
        }
        let journal = Journal {
            renames: staged
                .iter()
                .map(|(rel, tmp)| {
                    let name = tmp.file_name().unwrap_or_default();
                    (rel.clone(), name.to_string_lossy().into_owned())
                })
                .collect(),
            removals: removals.clone(),
            manifest: manifest_text(&current),
        };
        stop_point();
        if let Err(d) = write_journal(&self.root, &journal) {
            // Not committed: nothing changes.
            for tmp in staged.values() {
                let _ = fs::remove_file(tmp);
            }
            diags.push(d);
            stats.written = 0;
            return (stats, changes, diags);
        }
        stop_point();
        for (rel, tmp) in &staged {
            let path = self.root.join(rel);
            let renamed = fs::rename(tmp, &path);
            stop_point();
            if let Err(e) = renamed {
                let _ = fs::remove_file(tmp);
                // What was there before stays, and so does its record.
                match self.previous.get(rel) {
                    Some(old) => current.insert(rel.clone(), old.clone()),
                    None => current.remove(rel),
                };
                diags.push(Diagnostic::file_error(
                    &path,
                    format!("cannot write this file: {}", io_reason(&e)),
                ));
            } else {
                changes.written.push(rel.clone());
            }
        }
        for (rel, _) in &removals {
            let path = self.root.join(rel);
            let removed = fs::remove_file(&path);
            stop_point();
            match removed {
                Ok(()) => {
                    stats.removed += 1;
                    changes.removed.push(rel.clone());
                    remove_empty_parents(&self.root, &path);
                }
                Err(e) => {
                    // Still there, and still ours.
                    current.insert(rel.clone(), self.previous[rel].clone());
                    diags.push(Diagnostic::file_error(
                        &path,
                        format!("cannot remove this old output: {}", io_reason(&e)),
                    ));
                }
            }
        }
        match save_manifest(&self.root, &current) {
            Ok(()) => {
                stop_point();
                save_seen(&self.root, seen, &current);
                if let Err(e) = fs::remove_file(self.root.join(JOURNAL)) {
                    diags.push(Diagnostic::file_error(
                        &self.root.join(JOURNAL),
                        format!("cannot remove this file: {}", io_reason(&e)),
                    ));
                }
            }
            // The journal stays, so the next run saves the manifest.
            Err(d) => diags.push(d),
        }
        (stats, changes, diags)
    }
}

/// A switch from one run's files to the next, written before any of it is
/// done (the commit point): a run killed during the switch leaves it for
/// the next run to finish. It is written only once every new file is
/// staged, so finishing it is always possible.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Journal {
    /// Each path renamed into, and the name of its temporary file beside it.
    renames: Vec<(String, String)>,
    /// Each old file removed, and the hash of what the tool left there.
    removals: Vec<(String, u64)>,
    /// The manifest once the switch is done.
    manifest: String,
}

/// Writes the journal: temporary file, its bytes on disk, rename, and the
/// folder on disk, so that it is there whole or not at all.
fn write_journal(root: &Path, journal: &Journal) -> Result<(), Diagnostic> {
    let path = root.join(JOURNAL);
    let fail = |e: std::io::Error| {
        Diagnostic::file_error(
            &path,
            format!(
                "nothing published: cannot record the switch to the new files: {}",
                io_reason(&e)
            ),
        )
    };
    let bytes = serde_json::to_vec(journal).map_err(|e| fail(e.into()))?;
    let (tmp, mut file) = create_temporary(&path)?;
    let written = file
        .write_all(&bytes)
        .and_then(|()| file.sync_all())
        .and_then(|()| fs::rename(&tmp, &path))
        .and_then(|()| fs::File::open(root)?.sync_all());
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        let _ = fs::remove_file(&path);
        return Err(fail(e));
    }
    Ok(())
}

/// Finishes the switch a killed run left in `root`, for a command that
/// will not publish there this time (its input has an error): the folder
/// is left whole, old files or new, never a mix. A folder another run
/// holds is left to it. Returns what could not be done.
pub fn finish_interrupted(root: &Path) -> Vec<Diagnostic> {
    if fs::symlink_metadata(root.join(JOURNAL)).is_err() {
        return Vec::new();
    }
    let Ok(lock) = take_lock(root) else {
        return Vec::new();
    };
    let done = match roll_forward(root) {
        Ok(notes) => notes,
        Err(d) => vec![d],
    };
    remove_stale_temporaries(root);
    drop(lock);
    done
}

/// Finishes the switch a killed run had committed to, if its journal is
/// there: renames the files whose temporaries are still there, removes the
/// old files still as the tool left them, and saves the manifest, each
/// record checked against the file it names. Killed during this, the next
/// run does it again. Returns what it could not do, as warnings and errors.
fn roll_forward(root: &Path) -> Result<Vec<Diagnostic>, Diagnostic> {
    let path = root.join(JOURNAL);
    if fs::symlink_metadata(&path).is_err() {
        return Ok(Vec::new());
    }
    let journal: Journal = read_regular(&path)
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .ok_or_else(|| {
            Diagnostic::file_error(
                &path,
                "cannot finish the interrupted run this file records: it is not a journal chess-kit-docs wrote",
            )
            .with_help("delete it to go on; the folder may then hold files of two runs until the next build")
        })?;
    stop_point();
    let mut notes = Vec::new();
    let previous = read_manifest(root);
    let mut manifest = parse_manifest(&journal.manifest);
    for (rel, name) in &journal.renames {
        let target = match inside(root, rel) {
            Ok(target) => target,
            Err(reason) => {
                manifest.remove(rel);
                notes.push(warning(
                    &root.join(rel),
                    format!("not written: {reason}; the tool writes only inside the output folder"),
                ));
                continue;
            }
        };
        let tmp = target.with_file_name(name);
        let staged = is_temporary(name)
            && !name.contains('/')
            && fs::symlink_metadata(&tmp).is_ok_and(|m| m.is_file());
        if staged {
            if let Err(e) = fs::rename(&tmp, &target) {
                let _ = fs::remove_file(&tmp);
                notes.push(Diagnostic::file_error(
                    &target,
                    format!("cannot write this file: {}", io_reason(&e)),
                ));
            }
            stop_point();
        }
        // The record says what the file holds: the new file, the old one
        // (a rename failed), or nothing of the tool's.
        let held = read_regular(&target).map(|bytes| hash(&bytes));
        let truth = [manifest.get(rel), previous.get(rel)]
            .into_iter()
            .flatten()
            .find(|e| Some(e.hash) == held)
            .cloned();
        match truth {
            Some(entry) => manifest.insert(rel.clone(), entry),
            None => manifest.remove(rel),
        };
    }
    for (rel, old_hash) in &journal.removals {
        let Ok(target) = inside(root, rel) else {
            continue;
        };
        // Gone already, or changed by hand since: left alone.
        let as_left = read_regular(&target).is_some_and(|bytes| hash(&bytes) == *old_hash);
        if !as_left {
            continue;
        }
        match fs::remove_file(&target) {
            Ok(()) => remove_empty_parents(root, &target),
            Err(e) => {
                if let Some(old) = previous.get(rel) {
                    manifest.insert(rel.clone(), old.clone());
                }
                notes.push(Diagnostic::file_error(
                    &target,
                    format!("cannot remove this old output: {}", io_reason(&e)),
                ));
            }
        }
        stop_point();
    }
    save_manifest(root, &manifest)?;
    stop_point();
    fs::remove_file(&path).map_err(|e| {
        Diagnostic::file_error(&path, format!("cannot remove this file: {}", io_reason(&e)))
    })?;
    Ok(notes)
}

/// What [`clean`] did.
#[derive(Debug, Default)]
pub struct Cleaned {
    /// The files removed, relative to the folder.
    pub removed: Vec<String>,
    /// Files left in place (changed since the tool wrote them, or reached
    /// through a link) as warnings; files that could not be removed as
    /// errors.
    pub diags: Vec<Diagnostic>,
}

/// Deletes from the output folder `root` only what its manifest says the
/// tool wrote, each file only while it holds what the tool left there,
/// then the folders that this leaves empty (never `root` itself), the
/// manifest and the lock file. A folder without a manifest is refused:
/// nothing in it is known to be the tool's. Like a run, it takes the
/// folder's lock and first finishes a switch a killed run left.
pub fn clean(root: &Path) -> Result<Cleaned, Diagnostic> {
    let ours = [MANIFEST, JOURNAL]
        .iter()
        .any(|name| fs::symlink_metadata(root.join(name)).is_ok_and(|m| m.is_file()));
    // An empty folder (a clean run twice) has nothing to clean.
    let empty = fs::read_dir(root).is_ok_and(|mut entries| entries.next().is_none());
    if !ours && empty {
        return Ok(Cleaned::default());
    }
    if !ours {
        return Err(Diagnostic::file_error(
            root,
            format!(
                "not cleaned: this folder has no `{MANIFEST}`, so nothing in it is known to be chess-kit-docs's output"
            ),
        )
        .with_help(
            "clean deletes only the files that build and deck list in their manifest; name the output folder with -o DIR",
        ));
    }
    let lock = take_lock(root)?;
    let mut cleaned = Cleaned {
        diags: roll_forward(root)?,
        ..Cleaned::default()
    };
    remove_stale_temporaries(root);
    let mut kept = BTreeMap::new();
    for (rel, entry) in read_manifest(root) {
        let path = match inside(root, &rel) {
            Ok(path) => path,
            Err(reason) => {
                cleaned.diags.push(warning(
                    &root.join(&rel),
                    format!("left in place: {reason}, which may lead out of the output folder"),
                ));
                continue;
            }
        };
        match read_regular(&path) {
            Some(bytes) if hash(&bytes) == entry.hash => match fs::remove_file(&path) {
                Ok(()) => {
                    remove_empty_parents(root, &path);
                    cleaned.removed.push(rel);
                }
                Err(e) => {
                    cleaned.diags.push(Diagnostic::file_error(
                        &path,
                        format!("cannot remove this file: {}", io_reason(&e)),
                    ));
                    kept.insert(rel, entry);
                }
            },
            Some(_) => cleaned.diags.push(warning(
                &path,
                "left in place: the tool made this file, but it was changed since",
            )),
            None if fs::symlink_metadata(&path).is_ok() => cleaned.diags.push(warning(
                &path,
                "left in place: the tool made a file here, but this is not a regular file now",
            )),
            // Gone already.
            None => {}
        }
    }
    // A cache of the files just removed; the next run makes it again.
    let _ = fs::remove_file(root.join(SEEN));
    let manifest = root.join(MANIFEST);
    if kept.is_empty() {
        if let Err(e) = fs::remove_file(&manifest)
            && e.kind() != std::io::ErrorKind::NotFound
        {
            cleaned.diags.push(Diagnostic::file_error(
                &manifest,
                format!("cannot remove this file: {}", io_reason(&e)),
            ));
        }
        // Removed while held: a run that opens the folder now makes its own.
        let _ = fs::remove_file(root.join(LOCK_FILE));
    } else if let Err(d) = save_manifest(root, &kept) {
        cleaned.diags.push(d);
    }
    drop(lock);
    Ok(cleaned)
}

fn read_seen(root: &Path) -> BTreeMap<String, (u64, Status)> {
    let Some(bytes) = read_regular(&root.join(SEEN)) else {
        return BTreeMap::new();
    };
    let text = String::from_utf8_lossy(&bytes);
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let [rel, hash, len, ino, cs, cn, ms, mn] = f[..] else {
                return None;
            };
            let hash = u64::from_str_radix(hash, 16).ok()?;
            let status = Status {
                len: len.parse().ok()?,
                ino: ino.parse().ok()?,
                ctime: (cs.parse().ok()?, cn.parse().ok()?),
                mtime: (ms.parse().ok()?, mn.parse().ok()?),
            };
            Some((rel.to_string(), (hash, status)))
        })
        .collect()
}

/// Saves [`SEEN`] with the statuses of the files `current` lists with the
/// same hash; a cache, so a failure to save it is no error.
fn save_seen(
    root: &Path,
    seen: BTreeMap<String, (u64, Status)>,
    current: &BTreeMap<String, Entry>,
) {
    let mut text = String::from(SEEN_HEADER);
    text.push('\n');
    let mut any = false;
    for (rel, (hash, st)) in seen {
        if current.get(&rel).is_none_or(|e| e.hash != hash) {
            continue;
        }
        any = true;
        text.push_str(&format!(
            "{rel}\t{hash:016x}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            st.len, st.ino, st.ctime.0, st.ctime.1, st.mtime.0, st.mtime.1
        ));
    }
    let path = root.join(SEEN);
    if !any {
        let _ = fs::remove_file(&path);
    } else if !holds(&path, text.as_bytes()) {
        let _ = write_atomic(&path, text.as_bytes());
    }
}

fn read_manifest(root: &Path) -> BTreeMap<String, Entry> {
    match read_regular(&root.join(MANIFEST)) {
        Some(bytes) => parse_manifest(&String::from_utf8_lossy(&bytes)),
        None => BTreeMap::new(),
    }
}

fn manifest_text(entries: &BTreeMap<String, Entry>) -> String {
    let mut text = String::from(MANIFEST_HEADER);
    text.push('\n');
    for (rel, e) in entries {
        let key = e
            .source_key
            .map(|k| format!("{k:016x}"))
            .unwrap_or("-".into());
        text.push_str(&format!("{}\t{}\t{:016x}\t{}\n", e.owner, rel, e.hash, key));
    }
    text
}

/// Saves the manifest, unless it already holds exactly this.
fn save_manifest(root: &Path, entries: &BTreeMap<String, Entry>) -> Result<(), Diagnostic> {
    let text = manifest_text(entries);
    let path = root.join(MANIFEST);
    if holds(&path, text.as_bytes()) {
        return Ok(());
    }
    write_atomic(&path, text.as_bytes())
}

/// An error for every source (rulebook, player aids) that lies inside the
/// output folder `root`, links resolved: publishing could overwrite it.
pub fn sources_inside(root: &Path, sources: &[&Path]) -> Vec<Diagnostic> {
    // A folder not made yet holds nothing.
    let Ok(root) = fs::canonicalize(root) else {
        return Vec::new();
    };
    sources
        .iter()
        .filter(|source| fs::canonicalize(source).is_ok_and(|real| real.starts_with(&root)))
        .map(|source| {
            Diagnostic::file_error(
                source,
                format!(
                    "refused: this source lies inside the output folder {}, where publishing could overwrite it; choose another output folder",
                    crate::paths::shown(&root)
                ),
            )
        })
        .collect()
}

fn warning(path: &Path, message: impl Into<String>) -> Diagnostic {
    let mut d = Diagnostic::file_error(path, message);
    d.severity = crate::diagnostic::Severity::Warning;
    d
}

/// `root/rel` when `rel` is plain names and no folder between them is a
/// symbolic link (or not a folder at all). Folders not made yet are fine:
/// the tool makes them.
fn inside(root: &Path, rel: &str) -> Result<PathBuf, String> {
    let rel_path = Path::new(rel);
    let plain = !rel.is_empty()
        && rel_path
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
    if !plain {
        return Err(format!("`{rel}` is not a plain path inside the folder"));
    }
    let mut at = root.to_path_buf();
    let mut parts = rel_path.components().peekable();
    while let Some(part) = parts.next() {
        if parts.peek().is_none() {
            break;
        }
        at.push(part);
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(format!("`{}` is a symbolic link", crate::paths::shown(&at)));
            }
            Ok(meta) if !meta.is_dir() => {
                return Err(format!("`{}` is not a folder", crate::paths::shown(&at)));
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    Ok(root.join(rel_path))
}

/// The bytes of `path` if it is a regular file (not a link, FIFO or
/// device, which could lead elsewhere, block or never end).
fn read_regular(path: &Path) -> Option<Vec<u8>> {
    let meta = fs::symlink_metadata(path).ok()?;
    if !meta.is_file() {
        return None;
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    fs::File::open(path)
        .ok()?
        .take(meta.len())
        .read_to_end(&mut bytes)
        .ok()?;
    Some(bytes)
}

/// Whether `path` is a regular file holding exactly `bytes`; compared a
/// piece at a time, so a large file is never read whole.
fn holds(path: &Path, bytes: &[u8]) -> bool {
    same_contents(path, bytes.len() as u64, &mut &bytes[..])
}

/// Whether `old` is a regular file holding what the regular file `new` holds.
fn same_files(old: &Path, new: &Path) -> bool {
    let Ok(meta) = fs::symlink_metadata(new) else {
        return false;
    };
    meta.is_file()
        && fs::File::open(new)
            .is_ok_and(|f| same_contents(old, meta.len(), &mut std::io::BufReader::new(f)))
}

/// Whether `path` is a regular file of `len` bytes that `other` reads the
/// same as.
fn same_contents(path: &Path, len: u64, other: &mut dyn std::io::Read) -> bool {
    let regular = fs::symlink_metadata(path).is_ok_and(|m| m.is_file() && m.len() == len);
    let Some(file) = regular.then(|| fs::File::open(path).ok()).flatten() else {
        return false;
    };
    let mut file = std::io::BufReader::new(file.take(len));
    let (mut a, mut b) = (vec![0u8; 1 << 16], vec![0u8; 1 << 16]);
    loop {
        let n = match file.read(&mut a) {
            Ok(n) => n,
            Err(_) => return false,
        };
        if n == 0 {
            // Both must end here.
            return matches!(other.read(&mut b[..1]), Ok(0));
        }
        if other.read_exact(&mut b[..n]).is_err() || a[..n] != b[..n] {
            return false;
        }
    }
}

/// A file of the output folder being written piece by piece (see
/// [`OutputDir::start`]). Dropped without a commit, it leaves nothing.
pub struct Streamed {
    owner: String,
    rel: String,
    path: PathBuf,
    tmp: PathBuf,
    file: Option<std::io::BufWriter<fs::File>>,
    hasher: xxhash_rust::xxh3::Xxh3Default,
    /// The first write error, reported by the commit.
    error: Option<std::io::Error>,
}

impl std::io::Write for Streamed {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        if self.error.is_some() {
            return Ok(());
        }
        if let Some(f) = &mut self.file {
            match f.write_all(buf) {
                Ok(()) => self.hasher.update(buf),
                // Kept for the commit, which names the file.
                Err(e) => self.error = Some(e),
            }
        }
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for Streamed {
    fn drop(&mut self) {
        // Empty once staged: the staged file is the output folder's now.
        if !self.tmp.as_os_str().is_empty() {
            drop(self.file.take());
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

/// The held lock file. Emptied when the run ends, so the folder holds the
/// same bytes after every run (the pid is there only while it runs).
#[derive(Debug)]
struct FolderLock(fs::File);

impl Drop for FolderLock {
    fn drop(&mut self) {
        let _ = self.0.set_len(0);
    }
}

/// Takes the folder's lock, or says which process has it.
fn take_lock(root: &Path) -> Result<fs::File, Diagnostic> {
    let path = root.join(LOCK_FILE);
    let fail = |message: String| Diagnostic::file_error(&path, message);
    if fs::symlink_metadata(&path).is_ok_and(|m| !m.is_file()) {
        return Err(fail(
            "cannot lock the output folder: this is not a regular file".to_string(),
        ));
    }
    let mut file = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| fail(format!("cannot lock the output folder: {}", io_reason(&e))))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(fs::TryLockError::WouldBlock) => {
            let mut holder = String::new();
            let _ = (&file).take(64).read_to_string(&mut holder);
            let holder = holder.trim();
            let who = if holder.is_empty() {
                "another chess-kit-docs".to_string()
            } else {
                format!("chess-kit-docs process {holder}")
            };
            return Err(fail(format!(
                "the output folder is in use: {who} is writing into it; run again when it has finished"
            )));
        }
        Err(fs::TryLockError::Error(e)) => {
            return Err(fail(format!(
                "cannot lock the output folder: {}",
                io_reason(&e)
            )));
        }
    }
    let _ = file.set_len(0);
    let _ = writeln!(file, "{}", std::process::id());
    Ok(file)
}

/// Removes the tool's own temporary files under `root` (left by a run that
/// was killed); the caller holds the lock, so no live run owns them. Links
/// are not followed.
fn remove_stale_temporaries(root: &Path) {
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            let name = entry.file_name();
            if kind.is_dir() {
                folders.push(entry.path());
            } else if kind.is_file() && is_temporary(&name.to_string_lossy()) {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

fn is_temporary(name: &str) -> bool {
    name.starts_with('.') && name.ends_with(TEMP_SUFFIX)
}

/// For the kill tests: the process ends as `kill -9` would end it at its
/// Nth stop point (from 0), N read from this variable. In release builds
/// too, since the README's test command tests the release binary.
pub const STOP_VAR: &str = "CHESS_KIT_DOCS_TEST_STOP_AT";

/// A moment of a switch where a kill is tried: see [`STOP_VAR`].
fn stop_point() {
    static PASSED: AtomicU64 = AtomicU64::new(0);
    static STOP_AT: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    let stop_at = *STOP_AT.get_or_init(|| std::env::var(STOP_VAR).ok()?.parse().ok());
    let at = PASSED.fetch_add(1, Ordering::Relaxed);
    if stop_at == Some(at) {
        std::process::abort();
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
                .all(|c| matches!(c, Component::Normal(_)));
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

/// A temporary file beside `path`, named for this process and write alone,
/// holding `bytes`. Its name is cut short so it fits any file system.
fn write_temporary(path: &Path, bytes: &[u8]) -> Result<PathBuf, Diagnostic> {
    let (tmp, mut f) = create_temporary(path)?;
    match f.write_all(bytes).and_then(|()| f.flush()) {
        Ok(()) => Ok(tmp),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(Diagnostic::file_error(
                path,
                format!("cannot write this file: {}", io_reason(&e)),
            ))
        }
    }
}

/// A new, empty temporary file beside `path`, named for this process and
/// write alone. Its name is cut short so it fits any file system.
fn create_temporary(path: &Path) -> Result<(PathBuf, fs::File), Diagnostic> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = path.parent().unwrap_or(Path::new("."));
    let fail = |what: &str, e: std::io::Error, at: &Path| {
        Diagnostic::file_error(at, format!("cannot {what}: {}", io_reason(&e)))
    };
    fs::create_dir_all(dir).map_err(|e| fail("create this folder", e, dir))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let short: String = name.chars().take(64).collect();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{short}.{}-{n}{TEMP_SUFFIX}", std::process::id()));
    // A new file only: never through a link or over another's file.
    let file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(|e| fail("write this file", e, path))?;
    Ok((tmp, file))
}

/// Writes a file the user named on the command line (`render -o`,
/// `import -o`, `man -o`): never over one of the run's `inputs`, even with
/// `force`, and over another existing file only with `force`, since the
/// tool cannot tell a file it made before from one it did not.
pub fn write_named(
    path: &Path,
    bytes: &[u8],
    force: bool,
    inputs: &[&Path],
) -> Result<(), Diagnostic> {
    refuse_to_replace(path, force, inputs)?;
    write_atomic(path, bytes)
}

/// Why `path` may not be written by a command told `force` or not: it is
/// one of the run's `inputs`, or exists and `force` is off.
pub fn refuse_to_replace(path: &Path, force: bool, inputs: &[&Path]) -> Result<(), Diagnostic> {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return Ok(());
    };
    if inputs
        .iter()
        .any(|input| same_file::is_same_file(path, input).unwrap_or(false))
    {
        return Err(Diagnostic::file_error(
            path,
            "this file is an input of the run; the tool never writes over its input",
        )
        .with_help("name another output file"));
    }
    if meta.is_dir() {
        return Err(Diagnostic::file_error(
            path,
            "this is a folder; the output must be a file",
        ));
    }
    if !force {
        return Err(
            Diagnostic::file_error(path, "the output file exists already")
                .with_help("pass --force to replace it"),
        );
    }
    Ok(())
}

/// Writes through a temporary file in the same folder and a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Diagnostic> {
    let tmp = write_temporary(path, bytes)?;
    fs::rename(&tmp, path).map_err(|e| {
        let _ = fs::remove_file(&tmp);
        Diagnostic::file_error(path, format!("cannot write this file: {}", io_reason(&e)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_removes_only_the_tools_files_and_the_folders_it_emptied() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("mine")).unwrap();
        fs::write(root.join("README.md"), "mine").unwrap();
        fs::write(root.join("mine/notes.txt"), "mine").unwrap();
        let out = OutputDir::open(root).unwrap();
        for rel in [
            "a.pdf",
            "site/images/a/x1.png",
            "site/a.md",
            "mine/made.txt",
        ] {
            out.write("site:a", rel, rel.as_bytes(), None).unwrap();
        }
        out.write("deck", "deck/card.png", b"card", None).unwrap();
        let (_, diags) = out.finish(&owners(&["site:a", "deck"]));
        assert!(diags.is_empty(), "{diags:?}");
        // Changed by hand since: not the tool's any more.
        fs::write(root.join("site/a.md"), "edited").unwrap();

        let cleaned = clean(root).unwrap();
        let mut removed = cleaned.removed.clone();
        removed.sort();
        assert_eq!(
            removed,
            [
                "a.pdf",
                "deck/card.png",
                "mine/made.txt",
                "site/images/a/x1.png"
            ]
        );
        assert_eq!(cleaned.diags.len(), 1, "{:?}", cleaned.diags);
        assert!(cleaned.diags[0].message.contains("changed since"));
        assert_eq!(
            fs::read_to_string(root.join("site/a.md")).unwrap(),
            "edited"
        );
        assert_eq!(fs::read_to_string(root.join("README.md")).unwrap(), "mine");
        assert_eq!(
            fs::read_to_string(root.join("mine/notes.txt")).unwrap(),
            "mine"
        );
        // The folders it emptied are gone; the folder itself stays.
        assert!(!root.join("deck").exists() && !root.join("site/images").exists());
        assert!(root.join("site").is_dir() && root.is_dir());
        assert!(!root.join(MANIFEST).exists() && !root.join(LOCK_FILE).exists());
        // Nothing of ours is left: a second clean is refused.
        assert!(clean(root).is_err());
    }

    #[test]
    fn clean_refuses_a_folder_without_a_manifest() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("a.pdf"), "mine").unwrap();
        let e = clean(dir.path()).unwrap_err();
        assert!(e.message.starts_with("not cleaned: "), "{}", e.render());
        assert!(dir.path().join("a.pdf").exists());
        assert!(!dir.path().join(LOCK_FILE).exists(), "nothing written");
    }

    #[test]
    fn clean_never_follows_a_link_out_of_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("out");
        let out = OutputDir::open(&root).unwrap();
        out.write("site:a", "site/a.md", b"page", None).unwrap();
        out.finish(&owners(&["site:a"]));
        // `site` becomes a link to a folder outside holding the same file.
        let elsewhere = dir.path().join("elsewhere");
        fs::rename(root.join("site"), &elsewhere).unwrap();
        std::os::unix::fs::symlink(&elsewhere, root.join("site")).unwrap();
        let cleaned = clean(&root).unwrap();
        assert!(cleaned.removed.is_empty());
        assert!(
            cleaned.diags[0].message.contains("symbolic link"),
            "{:?}",
            cleaned.diags
        );
        assert_eq!(fs::read(elsewhere.join("a.md")).unwrap(), b"page");
    }

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

    /// Builds `a.txt` (and `b.txt` of another owner) with source key 1 and
    /// waits until their statuses can be trusted.
    fn settled_folder() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let out = OutputDir::open(dir.path()).unwrap();
        out.write("site:a", "a.txt", b"one", Some(1)).unwrap();
        out.write("site:b", "b.txt", b"two", Some(1)).unwrap();
        out.finish(&owners(&["site:a", "site:b"]));
        // Too new to be trusted: a change in the same tick could hide.
        assert!(!dir.path().join(SEEN).exists());
        std::thread::sleep(SETTLED + std::time::Duration::from_millis(50));
        dir
    }

    fn rebuild(dir: &Path) -> (bool, u64) {
        let out = OutputDir::open(dir).unwrap();
        let kept = out.reuse("site:a", "a.txt", 1);
        let read = out.read_back.load(Ordering::Relaxed);
        if !kept {
            out.write("site:a", "a.txt", b"one", Some(1)).unwrap();
        }
        let (_, diags) = out.finish(&owners(&["site:a"]));
        assert!(diags.is_empty(), "{diags:?}");
        (kept, read)
    }

    #[test]
    fn a_file_seen_unchanged_is_kept_without_reading_it_back() {
        let dir = settled_folder();
        // Read back once, then known by its status.
        assert_eq!(rebuild(dir.path()), (true, 1));
        let seen = fs::read_to_string(dir.path().join(SEEN)).unwrap();
        assert!(seen.lines().any(|l| l.starts_with("a.txt\t")), "{seen}");
        assert_eq!(rebuild(dir.path()), (true, 0));
        // The other owner's file keeps its place in the cache.
        let out = OutputDir::open(dir.path()).unwrap();
        assert!(out.reuse("site:b", "b.txt", 1));
        assert_eq!(out.read_back.load(Ordering::Relaxed), 1);
        // Another source key is never kept, seen or not.
        assert!(!out.reuse("site:a", "a.txt", 2));
    }

    #[test]
    fn a_file_changed_since_it_was_seen_is_read_back_and_remade() {
        let dir = settled_folder();
        rebuild(dir.path());
        // Same size, so only its status tells.
        fs::write(dir.path().join("a.txt"), b"ONE").unwrap();
        assert_eq!(rebuild(dir.path()), (false, 1));
        assert_eq!(fs::read(dir.path().join("a.txt")).unwrap(), b"one");

        // Replaced by a new file holding the same bytes: read, and kept.
        std::thread::sleep(SETTLED + std::time::Duration::from_millis(50));
        rebuild(dir.path());
        let a = dir.path().join("a.txt");
        fs::remove_file(&a).unwrap();
        fs::write(&a, b"one").unwrap();
        assert_eq!(rebuild(dir.path()), (true, 1));
    }

    #[test]
    fn clean_removes_the_cache_of_seen_files() {
        let dir = settled_folder();
        rebuild(dir.path());
        assert!(dir.path().join(SEEN).exists());
        let cleaned = clean(dir.path()).unwrap();
        assert!(cleaned.diags.is_empty());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
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
    fn a_file_written_in_pieces_is_staged_and_recorded_like_a_whole_one() {
        use std::io::Write as _;
        let dir = tempfile::tempdir().unwrap();
        let out = OutputDir::open(dir.path()).unwrap();
        let mut f = out.start("html", "html/big.html").unwrap();
        f.write_all(b"one ").unwrap();
        f.write_all(b"two").unwrap();
        out.commit(f, None).unwrap();
        assert!(
            !dir.path().join("html/big.html").exists(),
            "staged until the run succeeds"
        );
        let (stats, diags) = out.finish(&owners(&["html"]));
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(stats.written, 1);
        assert_eq!(
            fs::read(dir.path().join("html/big.html")).unwrap(),
            b"one two"
        );
        let manifest = fs::read_to_string(dir.path().join(MANIFEST)).unwrap();
        assert!(
            manifest.contains(&format!("html/big.html\t{:016x}", hash(b"one two"))),
            "the hash of the whole: {manifest}"
        );

        // The same bytes again are left alone; others are written.
        for (text, written, unchanged) in [(&b"one two"[..], 0, 1), (&b"one three"[..], 1, 0)] {
            let out = OutputDir::open(dir.path()).unwrap();
            let mut f = out.start("html", "html/big.html").unwrap();
            f.write_all(text).unwrap();
            out.commit(f, None).unwrap();
            let (stats, _) = out.finish(&owners(&["html"]));
            assert_eq!((stats.written, stats.unchanged), (written, unchanged));
            assert_eq!(fs::read(dir.path().join("html/big.html")).unwrap(), text);
        }

        // One started and never committed leaves nothing behind.
        let out = OutputDir::open(dir.path()).unwrap();
        let mut f = out.start("html", "html/other.html").unwrap();
        f.write_all(b"half").unwrap();
        drop(f);
        out.abandon();
        let left: Vec<_> = fs::read_dir(dir.path().join("html"))
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left, ["big.html"]);
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
