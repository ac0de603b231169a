//! A rulebook checked in parts, so that an edit re-checks only the parts it
//! touches: the language server's check of the text an editor holds.
//!
//! The text is cut into chunks at its `##` headings ([`crate::chunks`]).
//! Chunks that share something book-wide are checked together, as one
//! group: those under no `##` game (the front matter, the contents, `#`
//! parts), those of Chess Golf (whose solutions are read across the
//! book), those holding card tables. Every other chunk is a group of its
//! own. A group is checked as a book of its own text, with the book's card
//! tables beside it when it shows cards and its reference links resolved
//! from the rest of the book, by the same code `check` and `build` use
//! ([`crate::check`]). What only the whole book decides is then decided
//! for it: the contents file's sections and the allowances that match
//! nothing.
//!
//! A group whose text, context and settings are those of a group of the
//! check before is not checked again; nor is a chunk's place re-scanned
//! away from the edit. A book that links to its own headings, whose
//! reference labels are defined twice differently, that ends inside an
//! open block or holds a lone `\r`, is checked whole, as one group: each
//! edit checks it all.
//!
//! The findings are those of a check of the whole text: the test
//! `each_edit_leaves_the_diagnostics_of_a_full_check_of_its_text` and this
//! module's tests compare them.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::book::{Book, DiagramEntry, OtherDefinitions, Section};
use crate::check::{CheckRun, check_book_part, mark_allowed, unused_allowances};
use crate::chunks::{self, Links};
use crate::diagnostic::Diagnostic;
use crate::engine::RuleDiagnostic;
use crate::engine::fen::FenResult;
use crate::settings::Settings;
use crate::source::{SourceFile, Span};

/// A rulebook's text checked in parts, and what the next check reuses.
pub struct ChunkedCheck {
    pub path: PathBuf,
    /// The length of the text checked. The text itself is not kept (the
    /// editor's copy is changed in place while no check holds it); each
    /// chunk's is in its group's source.
    pub len: usize,
    pub settings: Settings,
    /// The rulebook's problems, in the order of the text, allowed
    /// findings marked; their spans index `text` (they quote no source).
    pub diags: Vec<Diagnostic>,
    /// Problems found elsewhere: the settings file, the contents file.
    pub elsewhere: Vec<Diagnostic>,
    chunks: Vec<Chunk>,
    groups: Vec<Arc<Group>>,
    /// The reference definitions the groups were checked with, by label.
    definitions: BTreeMap<String, String>,
    /// The settings file's text the groups were checked with.
    config_text: Option<String>,
    /// Whether the text ends with no block open.
    clean_end: bool,
    /// How many groups this check checked.
    checked_now: usize,
    /// Whether a reference label is defined twice differently.
    conflict: bool,
}

/// One chunk of the text, and where it stands in its group's text.
#[derive(Clone, Copy, Debug)]
struct Chunk {
    start: usize,
    end: usize,
    links: Links,
    group: usize,
    /// Its offset in its group's text.
    at: usize,
}

/// A group of chunks checked together as one book.
struct Group {
    /// The texts of the chunks it was checked with (the card tables).
    context: Vec<Arc<str>>,
    book: Book,
    fens: Vec<FenResult>,
    /// Its problems in its chunks (not in the context), in its own text's
    /// offsets.
    diags: Vec<Diagnostic>,
    /// Whether each allowance matched one of its findings.
    allowances_used: Vec<bool>,
    /// The titles of its `#` and `##` sections.
    titles: Vec<String>,
    /// The reference definitions of its chunks, by label.
    definitions: Vec<(String, String)>,
    /// The labels it looked up in the rest of the book.
    asked: BTreeSet<String>,
    /// Whether it reads files of the book's folder (images, links), which
    /// may change on disk between two checks.
    reads_files: bool,
    /// Whether it holds the text's last chunk.
    holds_end: bool,
}

/// A diagram in the outline: its number in its section, whether it is a
/// board or a grid (none when it has errors), its block in the text.
pub struct OutlineDiagram {
    pub number: usize,
    pub kind: Option<&'static str>,
    pub span: Span,
}

/// A diagram found at an offset of the text, as its group checked it.
pub struct DiagramAt<'c> {
    pub entry: &'c DiagramEntry,
    pub section: Option<&'c Section>,
    pub fen: Option<&'c FenResult>,
    /// What to add to an offset of the group's text to make one of the
    /// document's.
    pub shift: isize,
}

impl ChunkedCheck {
    /// Checks the rulebook `path` whose text is `text`, reusing what of
    /// `previous` (the check of an earlier text of the same document) the
    /// edits since did not touch.
    pub fn check(path: &Path, text: &str, previous: Option<&ChunkedCheck>) -> ChunkedCheck {
        let settings = Settings::for_file(path);
        let config_text = settings.config.source.as_ref().map(|s| s.text.clone());
        let previous = previous.filter(|p| p.path == path && p.config_text == config_text);
        let run = CheckRun::with_rules(&settings, false);
        let checking = Checking {
            path,
            config: &settings.config,
            run: &run,
        };
        let cut = cut(text, previous);
        // A book whose reference labels were defined twice differently is
        // checked whole until they are not.
        let whole = cut.whole || settings_whole(path) || previous.is_some_and(|p| p.conflict);
        // The definitions the groups are checked with (none when whole).
        let mut definitions = match previous {
            Some(p) if !whole => p.definitions.clone(),
            _ => BTreeMap::new(),
        };
        let mut groups = check_groups(
            &checking,
            text,
            &cut,
            whole,
            previous.map(|p| Prior {
                chunks: &p.chunks,
                groups: &p.groups,
                definitions: &p.definitions,
                same: cut.same.clone(),
            }),
            &definitions,
        );
        let mut found = book_definitions(&groups.groups);
        if !whole && let Some(now) = found.as_ref().filter(|&now| *now != definitions) {
            // A group that looked up a label whose definition this check
            // found or changed is checked again (a group's own definitions
            // do not depend on the others', so once is enough).
            let again = check_groups(
                &checking,
                text,
                &cut,
                whole,
                Some(Prior {
                    chunks: &groups.chunks,
                    groups: &groups.groups,
                    definitions: &definitions,
                    same: (0..cut.chunks.len()).map(Some).collect(),
                }),
                now,
            );
            let checked = groups.checked_now + again.checked_now;
            groups = Groups {
                checked_now: checked,
                ..again
            };
            definitions = now.clone();
            found = book_definitions(&groups.groups);
        }
        if !whole && found.is_none() {
            // Only the whole book tells which definition holds.
            definitions = BTreeMap::new();
            let again = check_groups(&checking, text, &cut, true, None, &definitions);
            groups = Groups {
                checked_now: groups.checked_now + again.checked_now,
                ..again
            };
        }
        let conflict = found.is_none();
        let mut check = assemble(path, text, settings, config_text, groups, cut, definitions);
        check.conflict = conflict;
        check
    }

    /// The diagram whose block holds byte `offset` of the text.
    pub fn diagram_at(&self, offset: usize) -> Option<DiagramAt<'_>> {
        let (group, shift) = self.group_at(offset)?;
        let local = offset.checked_add_signed(-shift)?;
        let (index, entry) = group
            .book
            .diagrams
            .iter()
            .enumerate()
            .find(|(_, e)| e.span.start <= local && local <= e.span.end)?;
        Some(DiagramAt {
            entry,
            section: group.book.section_of(entry),
            fen: group.fens.get(index),
            shift,
        })
    }

    /// The group of the chunk that holds `offset`, and the shift from its
    /// text to the document's.
    fn group_at(&self, offset: usize) -> Option<(&Group, isize)> {
        let i = self
            .chunks
            .partition_point(|c| c.start <= offset)
            .checked_sub(1)?;
        let chunk = &self.chunks[i];
        Some((
            &self.groups[chunk.group],
            chunk.start as isize - chunk.at as isize,
        ))
    }

    /// The section and diagram number of the place `span` points to, as
    /// an allowance names them.
    pub fn finding_place(&self, span: Span) -> (Option<String>, Option<usize>) {
        let Some((group, shift)) = self.group_at(span.start) else {
            return (None, None);
        };
        let local = Span::new(
            span.start.saturating_add_signed(-shift),
            span.end.saturating_add_signed(-shift),
        );
        crate::engine::finding_place(&group.book, local)
    }

    /// The book's name, as allowances give it.
    pub fn book_name(&self) -> &str {
        self.groups.first().map_or("", |g| g.book.name.as_str())
    }

    /// The symbols a card may show, from the book's card tables.
    pub fn card_symbols(&self) -> BTreeSet<String> {
        let tables = self.chunks.iter().find(|c| c.links.card_table);
        let group = tables.map_or(self.groups.first(), |c| self.groups.get(c.group));
        group.map(|g| g.book.card_symbols()).unwrap_or_default()
    }

    /// Every `#` and `##` section in the order of the text, spans in the
    /// text, each with its diagrams: number, kind and span.
    pub fn outline(&self) -> Vec<(Section, Vec<OutlineDiagram>)> {
        let mut out = Vec::new();
        for chunk in &self.chunks {
            let group = &self.groups[chunk.group];
            let (from, to) = (chunk.at, chunk.at + (chunk.end - chunk.start));
            let shift = chunk.start as isize - chunk.at as isize;
            let moved = |s: Span| {
                Span::new(
                    s.start.saturating_add_signed(shift),
                    s.end.saturating_add_signed(shift),
                )
            };
            for (i, section) in group.book.sections.iter().enumerate() {
                if section.span.start < from || section.span.start >= to {
                    continue;
                }
                let diagrams = group
                    .book
                    .diagrams
                    .iter()
                    .filter(|e| e.section == Some(i))
                    .map(|e| {
                        let kind = e.diagram.as_ref().map(|d| match &d.kind {
                            crate::diagram::DiagramKind::Board(_) => "board",
                            crate::diagram::DiagramKind::Grid(_) => "grid",
                        });
                        OutlineDiagram {
                            number: e.number,
                            kind,
                            span: moved(e.span),
                        }
                    })
                    .collect();
                out.push((
                    Section {
                        span: moved(section.span),
                        ..section.clone()
                    },
                    diagrams,
                ));
            }
        }
        out
    }

    /// Chunk `i`'s text, as its group's source holds it.
    fn chunk_text(&self, i: usize) -> &str {
        let c = &self.chunks[i];
        let source = &self.groups[c.group].book.source.text;
        source.get(c.at..c.at + (c.end - c.start)).unwrap_or("")
    }

    /// Where this check's findings part from those of a check of the whole
    /// `text` (`check_document`), if they do: the findings, those found
    /// elsewhere, the diagrams. For the tests and the fuzzer.
    pub fn differs_from_whole(&self, path: &Path, text: &str) -> Option<String> {
        let whole = crate::commands::check::check_document(path, text);
        let shown = |diags: &[Diagnostic]| -> Vec<String> {
            diags
                .iter()
                .map(|d| {
                    format!(
                        "{} {:?} {:?} {} | {:?} {:?} {:?} {:?}",
                        d.path.display(),
                        d.severity,
                        d.span,
                        d.message,
                        d.help,
                        d.rule,
                        d.allowed,
                        d.fix
                    )
                })
                .collect()
        };
        for (what, a, b) in [
            ("findings", shown(&self.diags), shown(&whole.diags)),
            (
                "findings elsewhere",
                shown(&self.elsewhere),
                shown(&whole.elsewhere),
            ),
        ] {
            if a != b {
                let first = a
                    .iter()
                    .zip(&b)
                    .position(|(x, y)| x != y)
                    .unwrap_or(a.len().min(b.len()));
                return Some(format!(
                    "{} {what} in parts ({}), {} whole; the first that differs:\n  in parts: {:?}\n  whole:    {:?}",
                    a.len(),
                    self.layout(),
                    b.len(),
                    a.get(first),
                    b.get(first)
                ));
            }
        }
        let (parts, whole) = (self.diagram_count(), whole.book.diagrams.len());
        (parts != whole).then(|| format!("{parts} diagrams in parts, {whole} whole"))
    }

    /// How many diagrams the text holds.
    pub fn diagram_count(&self) -> usize {
        // Each chunk's diagrams, found by their starts (in the book's order).
        self.chunks
            .iter()
            .map(|c| {
                let diagrams = &self.groups[c.group].book.diagrams;
                let (from, to) = (c.at, c.at + c.end - c.start);
                diagrams.partition_point(|d| d.span.start < to)
                    - diagrams.partition_point(|d| d.span.start < from)
            })
            .sum()
    }

    /// The groups, each as its chunks' numbers, `+` and the chunks after
    /// it that it was checked with: what the tests print.
    pub fn layout(&self) -> String {
        let mut members = vec![Vec::new(); self.groups.len()];
        for (i, c) in self.chunks.iter().enumerate() {
            members[c.group].push(i.to_string());
        }
        members
            .iter()
            .zip(&self.groups)
            .map(|(m, g)| {
                let context = if g.context.is_empty() { "" } else { "+tables" };
                format!("[{}{context}]", m.join(" "))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// How many groups the text was checked in, and how many of them this
    /// check checked (the others it took from the check before).
    pub fn groups_checked(&self) -> (usize, usize) {
        (self.groups.len(), self.checked_now)
    }
}

/// The chunks of a text, each with its text and the chunk of the check
/// before with the same text (and so the same chunk), if any.
struct Cut {
    chunks: Vec<Chunk>,
    /// Each chunk's text, in the text checked.
    texts: Vec<Span>,
    same: Vec<Option<usize>>,
    /// The book must be checked whole: it ends in an open block, links to
    /// its own headings or holds a lone `\r`.
    whole: bool,
    clean_end: bool,
}

/// The chunks of `text`, found anew only about what changed since
/// `previous`.
fn cut(text: &str, previous: Option<&ChunkedCheck>) -> Cut {
    let (starts, kept, synced, clean_end) = match previous {
        Some(p) => recut(text, p),
        None => {
            let (starts, ending) = chunks::split_from(text, 0, |_| false);
            let clean = matches!(ending, chunks::Ending::End { clean: true });
            (starts, 0, Vec::new(), clean)
        }
    };
    let n = starts.len();
    let chunks: Vec<Chunk> = starts
        .iter()
        .enumerate()
        .map(|(i, &(start, links))| Chunk {
            start,
            end: starts.get(i + 1).map_or(text.len(), |s| s.0),
            links,
            group: 0,
            at: 0,
        })
        .collect();
    let mut same = vec![None; n];
    for (i, s) in same.iter_mut().enumerate().take(kept) {
        *s = Some(i);
    }
    for &(new, old) in &synced {
        same[new] = Some(old);
    }
    let texts = chunks.iter().map(|c| Span::new(c.start, c.end)).collect();
    let whole = !clean_end || chunks.iter().any(|c| c.links.anchors || c.links.bare_cr);
    Cut {
        chunks,
        texts,
        same,
        whole,
        clean_end,
    }
}

/// The chunks of `text` found from those of `previous`: kept before the
/// first change, scanned from there until a chunk starts where one of
/// `previous` started with the same text after it, then kept again.
/// Returns the starts, how many before the change were kept, the chunks
/// after it that match one of `previous` (new index, old index), and
/// whether the text ends with no block open.
#[allow(clippy::type_complexity)]
fn recut(
    text: &str,
    previous: &ChunkedCheck,
) -> (Vec<(usize, Links)>, usize, Vec<(usize, usize)>, bool) {
    let old_chunks = &previous.chunks;
    let old_len = previous.len;
    // Compared chunk by chunk, each in its group's source.
    let mut prefix = 0;
    for (i, c) in old_chunks.iter().enumerate() {
        let old = previous.chunk_text(i).as_bytes();
        let new = &text.as_bytes()[c.start.min(text.len())..];
        // Whole chunks compare at memory speed; only the one that differs
        // is compared byte by byte.
        if new.get(..old.len()) == Some(old) {
            prefix = c.start + old.len();
            continue;
        }
        let same = common_prefix(old, new);
        prefix = c.start + same;
        if same < old.len() {
            break;
        }
    }
    let most = old_len.min(text.len()) - prefix.min(old_len.min(text.len()));
    let mut suffix = 0;
    for (i, c) in old_chunks.iter().enumerate().rev() {
        let old = previous.chunk_text(i).as_bytes();
        let new_end = (text.len() + c.end).saturating_sub(old_len);
        let new = &text.as_bytes()[..new_end.min(text.len())];
        if new.len() >= old.len() && new[new.len() - old.len()..] == *old {
            suffix = old_len - c.start;
            continue;
        }
        let same = common_suffix(old, new);
        suffix = old_len - c.end + same;
        if same < old.len() {
            break;
        }
    }
    let suffix = suffix.min(most);
    // A start is the same while its `##` and everything before it is.
    let kept = old_chunks
        .iter()
        .skip(1)
        .take_while(|c| c.start + 3 <= prefix)
        .count();
    let from = old_chunks[kept].start;
    let suffix_from = text.len() - suffix;
    // Where a chunk of the old text starts, as an offset of the new.
    let moved = |old_start: usize| (old_start + text.len()).saturating_sub(old_len);
    let (found, ending) = chunks::split_from(text, from, |at| {
        at >= suffix_from
            && old_chunks
                .binary_search_by(|c| moved(c.start).cmp(&at))
                .is_ok()
    });
    let mut starts: Vec<(usize, Links)> = old_chunks[..kept]
        .iter()
        .map(|c| (c.start, c.links))
        .collect();
    starts.extend(found);
    let mut synced = Vec::new();
    let clean_end = match ending {
        chunks::Ending::Stopped(at) => {
            let first_old = old_chunks.partition_point(|c| moved(c.start) < at);
            for (k, c) in old_chunks[first_old..].iter().enumerate() {
                synced.push((starts.len(), first_old + k));
                starts.push((moved(c.start), c.links));
            }
            previous.clean_end
        }
        chunks::Ending::End { clean } => clean,
    };
    (starts, kept, synced, clean_end)
}

/// How many bytes two texts start with alike, compared a block at a time.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 4096;
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + BLOCK <= n && a[i..i + BLOCK] == b[i..i + BLOCK] {
        i += BLOCK;
    }
    i + a[i..n]
        .iter()
        .zip(&b[i..n])
        .take_while(|(x, y)| x == y)
        .count()
}

/// How many bytes two texts end with alike.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 4096;
    let n = a.len().min(b.len());
    let (ea, eb) = (a.len(), b.len());
    let mut i = 0;
    while i + BLOCK <= n && a[ea - i - BLOCK..ea - i] == b[eb - i - BLOCK..eb - i] {
        i += BLOCK;
    }
    i + a[..ea - i]
        .iter()
        .rev()
        .zip(b[..eb - i].iter().rev())
        .take(n - i)
        .take_while(|(x, y)| x == y)
        .count()
}

/// Whether the book's name has a problem, which is reported at its first
/// line: then it is checked whole, so that the error is found once.
fn settings_whole(path: &Path) -> bool {
    crate::book::name_problem(&crate::book::book_name(path)).is_some()
}

/// The groups of a check, and the chunks with their places in them.
struct Groups {
    chunks: Vec<Chunk>,
    groups: Vec<Arc<Group>>,
    /// How many groups were checked (not taken from the check before).
    checked_now: usize,
}

/// The chunks' groups, each a list of chunk indices in the text's order,
/// the groups in the order of their first chunks.
fn grouping(chunks: &[Chunk], whole: bool) -> Vec<Vec<usize>> {
    if whole {
        return vec![(0..chunks.len()).collect()];
    }
    // The three book-wide groups, merged where one chunk is in several.
    let mut parent = [0usize, 1, 2];
    fn root(parent: &[usize; 3], mut i: usize) -> usize {
        while parent[i] != i {
            i = parent[i];
        }
        i
    }
    let kinds = |l: &Links| {
        [l.front, l.golf, l.card_table]
            .into_iter()
            .enumerate()
            .filter(|(_, on)| *on)
            .map(|(k, _)| k)
            .collect::<Vec<_>>()
    };
    for c in chunks {
        let k = kinds(&c.links);
        for pair in k.windows(2) {
            let (a, b) = (root(&parent, pair[0]), root(&parent, pair[1]));
            parent[a.max(b)] = a.min(b);
        }
    }
    let mut shared: [Option<usize>; 3] = [None; 3];
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (i, c) in chunks.iter().enumerate() {
        match kinds(&c.links).first() {
            Some(&k) => {
                let r = root(&parent, k);
                match shared[r] {
                    Some(g) => out[g].push(i),
                    None => {
                        shared[r] = Some(out.len());
                        out.push(vec![i]);
                    }
                }
            }
            None => out.push(vec![i]),
        }
    }
    out
}

/// Whether a text ends with a blank line (or is empty).
fn ends_blank(text: &str) -> bool {
    let Some(body) = text.strip_suffix('\n') else {
        return text.is_empty();
    };
    let body = body.strip_suffix('\r').unwrap_or(body);
    let last = body.rfind(['\n', '\r']).map_or(body, |i| &body[i + 1..]);
    last.trim().is_empty() && !body.is_empty()
}

/// Checks each group, or takes it from `previous` when nothing it was
/// checked with has changed.
/// What every group of one check is checked with.
struct Checking<'a> {
    path: &'a Path,
    config: &'a crate::config::Config,
    run: &'a CheckRun,
}

fn check_groups(
    checking: &Checking,
    text: &str,
    cut: &Cut,
    whole: bool,
    previous: Option<Prior>,
    definitions: &BTreeMap<String, String>,
) -> Groups {
    let mut chunks = cut.chunks.clone();
    let plan = grouping(&chunks, whole);
    let tables: Vec<usize> = (0..chunks.len())
        .filter(|&i| chunks[i].links.card_table)
        .collect();
    // The chunks of each group of the check before.
    let old_members: Vec<Vec<usize>> = previous.as_ref().map_or(Vec::new(), |p| {
        let mut m = vec![Vec::new(); p.groups.len()];
        for (i, c) in p.chunks.iter().enumerate() {
            m[c.group].push(i);
        }
        m
    });
    let mut groups = Vec::with_capacity(plan.len());
    let mut checked_now = 0;
    for (g, members) in plan.iter().enumerate() {
        let needs_tables = !whole
            && !members.iter().any(|&i| chunks[i].links.card_table)
            && members.iter().any(|&i| chunks[i].links.card_symbols)
            && !tables.is_empty();
        let context: Vec<usize> = if needs_tables {
            tables.clone()
        } else {
            Vec::new()
        };
        let member_texts: Vec<&str> = members
            .iter()
            .map(|&i| &text[cut.texts[i].range()])
            .collect();
        let context_texts: Vec<&str> = context
            .iter()
            .map(|&i| &text[cut.texts[i].range()])
            .collect();
        let reused = previous.as_ref().and_then(|p| {
            let olds: Vec<usize> = members
                .iter()
                .map(|&i| p.same[i])
                .collect::<Option<Vec<_>>>()?;
            let group = p.chunks[olds[0]].group;
            let old = &p.groups[group];
            let unchanged = old_members[group] == olds
                && old.context.len() == context_texts.len()
                && old
                    .context
                    .iter()
                    .zip(&context_texts)
                    .all(|(a, b)| **a == **b)
                && !old.reads_files
                && old.holds_end == (members.last() == Some(&(chunks.len() - 1)))
                && old
                    .asked
                    .iter()
                    .all(|l| p.definitions.get(l) == definitions.get(l));
            unchanged.then(|| {
                (
                    Arc::clone(old),
                    olds.iter().map(|&o| p.chunks[o].at).collect::<Vec<_>>(),
                )
            })
        });
        let (group, places) = match reused {
            Some(found) => found,
            None => {
                checked_now += 1;
                let ends = Ends {
                    start: members[0] == 0,
                    end: members.last() == Some(&(chunks.len() - 1)),
                };
                if !whole
                    && !context_texts.is_empty()
                    && ends.start
                    && (ends.end || !member_texts.last().is_some_and(|m| ends_blank(m)))
                {
                    // The card tables fit neither before the front matter
                    // nor after a text that ends unfinished.
                    return check_groups(checking, text, cut, true, None, definitions);
                }
                let (group, places) =
                    check_group(checking, member_texts, context_texts, ends, definitions);
                (Arc::new(group), places)
            }
        };
        for (&i, at) in members.iter().zip(places) {
            chunks[i].group = g;
            chunks[i].at = at;
        }
        groups.push(group);
    }
    Groups {
        chunks,
        groups,
        checked_now,
    }
}

/// Checks one group's chunks as a book: the card tables it is checked
/// with go after its chunks when they end with a blank line, else
/// before them. Returns where each chunk stands in the group's text.
/// Whether a group holds the text's first chunk and its last.
#[derive(Clone, Copy)]
struct Ends {
    start: bool,
    end: bool,
}

fn check_group(
    checking: &Checking,
    members: Vec<&str>,
    context: Vec<&str>,
    ends: Ends,
    definitions: &BTreeMap<String, String>,
) -> (Group, Vec<usize>) {
    let holds_start = ends.start;
    let Checking { path, config, run } = *checking;
    let size: usize = members.iter().map(|t| t.len()).sum::<usize>()
        + context.iter().map(|t| t.len() + 2).sum::<usize>();
    let mut text = String::with_capacity(size);
    let mut places = Vec::with_capacity(members.len());
    let before =
        !context.is_empty() && !members.last().is_some_and(|m| ends_blank(m)) && !holds_start;
    let push_context = |text: &mut String| {
        for t in &context {
            text.push_str(t);
        }
        if !ends_blank(text) {
            text.push_str(if text.ends_with('\n') { "\n" } else { "\n\n" });
        }
    };
    if before {
        push_context(&mut text);
    }
    let from = text.len();
    for m in &members {
        places.push(text.len());
        text.push_str(m);
    }
    let to = text.len();
    if !before && !context.is_empty() {
        push_context(&mut text);
    }
    let asked = RefCell::new(BTreeSet::new());
    let mut diags = Vec::new();

    let book = Book::parse_with(
        SourceFile::new(path, text),
        &mut diags,
        Some(OtherDefinitions {
            urls: definitions,
            asked: &asked,
        }),
    );
    let mut one = check_book_part(book, diags, run, Vec::new());
    let mut findings: Vec<RuleDiagnostic> = std::mem::take(&mut one.findings);
    let allowances_used = mark_allowed(config, &mut findings);
    // A finding at the very end of the text belongs to its last chunk.
    let inside = |s: Span| from <= s.start && (s.start < to || (ends.end && s.start == to));
    let diags: Vec<Diagnostic> = std::mem::take(&mut one.diags)
        .into_iter()
        .chain(findings.into_iter().map(|f| f.diagnostic))
        .filter(|d| d.path.as_path() == path)
        .filter(|d| d.span.map_or(holds_start, inside))
        .collect();
    let book = one.book;
    let titles = book
        .sections
        .iter()
        .filter(|s| inside(s.span))
        .map(|s| s.title.clone())
        .collect();
    let definitions = book
        .link_defs
        .iter()
        .filter(|d| inside(d.span))
        .map(|d| (crate::book::reference_label(&d.label), d.url.clone()))
        .collect();
    let reads_files = book
        .images
        .iter()
        .chain(&book.links)
        .any(|r| inside(r.span));
    let group = Group {
        context: context.into_iter().map(Arc::from).collect(),
        fens: one.fens,
        book,
        diags,
        allowances_used,
        titles,
        definitions,
        asked: asked.into_inner(),
        reads_files,
        holds_end: ends.end,
    };
    (group, places)
}

/// What a check takes groups from: the check before, or the first pass
/// of this one.
struct Prior<'p> {
    chunks: &'p [Chunk],
    groups: &'p [Arc<Group>],
    /// The definitions its groups were checked with.
    definitions: &'p BTreeMap<String, String>,
    /// For each chunk now, the chunk of the prior check with its text.
    same: Vec<Option<usize>>,
}

/// Every group's reference definitions, by label; `None` when one label
/// is defined twice with different addresses.
fn book_definitions(groups: &[Arc<Group>]) -> Option<BTreeMap<String, String>> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    for (label, url) in groups.iter().flat_map(|g| &g.definitions) {
        match out.get(label) {
            Some(known) if known != url => return None,
            Some(_) => {}
            None => {
                out.insert(label.clone(), url.clone());
            }
        }
    }
    Some(out)
}

/// The check of the whole text from its groups: their problems moved to
/// the text's offsets, and what only the whole book decides.
fn assemble(
    path: &Path,
    text: &str,
    settings: Settings,
    config_text: Option<String>,
    groups: Groups,
    cut: Cut,
    definitions: BTreeMap<String, String>,
) -> ChunkedCheck {
    let Groups {
        chunks,
        groups,
        checked_now,
    } = groups;
    // Each group's chunks: where each stands in the group's text and in
    // the document's, and how long it is.
    let mut places: Vec<Vec<(usize, usize, usize)>> = vec![Vec::new(); groups.len()];
    for c in &chunks {
        places[c.group].push((c.at, c.start, c.end - c.start));
    }
    let mut diags = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        let places = &places[g];
        for d in &group.diags {
            let mut d = d.clone();
            d.source = None;
            if let Some(span) = d.span {
                let i = places
                    .partition_point(|p| p.0 <= span.start)
                    .saturating_sub(1);
                let (at, start, _) = places[i];
                let moved =
                    |s: Span| Span::new(s.start - at + start, s.end.max(s.start) - at + start);
                d.span = Some(moved(span));
                if let Some(fix) = d.fix.as_mut() {
                    fix.span = moved(fix.span);
                }
            }
            diags.push(d);
        }
    }
    crate::diagnostic::sort(&mut diags);
    let mut elsewhere = settings.problems.clone();
    let config = &settings.config;
    let mut used = vec![false; config.check.allow.len()];
    for g in &groups {
        for (u, &now) in used.iter_mut().zip(&g.allowances_used) {
            *u |= now;
        }
    }
    let name = groups
        .first()
        .map_or(String::new(), |g| g.book.name.clone());
    unused_allowances(
        config,
        &BTreeSet::from([name.as_str()]),
        &used,
        &mut elsewhere,
    );
    if let Some(first) = groups.first() {
        let mut seen = BTreeSet::new();
        let titles: Vec<&str> = chunks
            .iter()
            .filter(|c| seen.insert(c.group))
            .flat_map(|c| groups[c.group].titles.iter().map(String::as_str))
            .collect();
        crate::contents::check_descriptions(&first.book, titles.iter().copied(), &mut elsewhere);
    }
    ChunkedCheck {
        path: path.to_path_buf(),
        len: text.len(),
        settings,
        diags,
        elsewhere,
        chunks,
        groups,
        definitions,
        config_text,
        clean_end: cut.clean_end,
        checked_now,
        conflict: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chunked check's findings against a check of the whole text.
    fn assert_same(check: &ChunkedCheck, path: &Path, text: &str, what: &str) {
        if let Some(why) = check.differs_from_whole(path, text) {
            panic!("{what}: {why}");
        }
    }

    fn books() -> Vec<(String, String)> {
        let mut out = Vec::new();
        for dir in ["rules", "tests/seeds"] {
            let mut names: Vec<_> = std::fs::read_dir(dir)
                .unwrap()
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "md"))
                .collect();
            names.sort();
            for p in names {
                out.push((
                    p.display().to_string(),
                    std::fs::read_to_string(&p).unwrap(),
                ));
            }
        }
        // Windows line breaks, and lone `\r`s (old Macs) here and there.
        let seed = std::fs::read_to_string("tests/seeds/rules.md").unwrap();
        out.push(("rules.md with \\r\\n".into(), seed.replace('\n', "\r\n")));
        let mut lone = String::new();
        for (i, line) in seed.split_inclusive('\n').enumerate() {
            lone.push_str(match i % 40 {
                7 => line.trim_end_matches('\n'),
                _ => line,
            });
            if i % 40 == 7 {
                lone.push('\r');
            }
        }
        out.push(("rules.md with lone \\r".into(), lone));
        out
    }

    #[test]
    fn every_bundled_book_checks_in_chunks_as_it_does_whole() {
        let path = Path::new("rules/rules.md");
        for (name, text) in books() {
            let check = ChunkedCheck::check(path, &text, None);
            assert_same(&check, path, &text, &name);
            if name.ends_with("/rules.md") {
                assert!(check.groups_checked().0 > 5, "{name} is cut");
            }
            eprintln!("{name}: {}", check.layout());
        }
    }

    /// A finding at the very end of the text (an empty value on a last
    /// line with no line break) belongs to the last chunk.
    #[test]
    fn a_finding_at_the_end_of_the_text_is_kept() {
        let path = Path::new("rules/rules.md");
        let seed = std::fs::read_to_string("tests/seeds/rules.md").unwrap();
        let board: String = seed
            .lines()
            .skip_while(|l| !l.starts_with("    "))
            .take(8)
            .map(|l| format!("{l}\n"))
            .collect();
        for last in ["    text: :, 1,", "    arrow: e5, d4,"] {
            let text = format!("{seed}\n## Zombie Chess\n\n{board}{last}");
            let check = ChunkedCheck::check(path, &text, None);
            assert_same(&check, path, &text, last);
            assert!(
                check
                    .diags
                    .iter()
                    .any(|d| d.span.is_some_and(|s| s.start == text.len())),
                "{last}: {:?}",
                check.diags.last()
            );
        }
    }

    /// Lines an author might add, each meeting a book-wide rule.
    const LINES: [&str; 30] = [
        "<pre>",
        "</pre>",
        "~~~",
        "##",
        "A long title\n===",
        "[nibelungenlied]: https://boardgamegeek.com/boardgame/7555/nibelungenlied",
        "Setup: White: K e1. Black: K e8.",
        "    type: cards",
        "## Zombie Chess",
        "## Chess Golf",
        "### Zombie Chess",
        "# A part",
        "## Table of Contents",
        "```",
        "<!-- a comment",
        "-->",
        "[nibelungenlied]: https://example.com/other",
        "[weeks]: https://www.mark-weeks.com/cfaa/chess960/c960strt.htm",
        "See [Nibelungenlied] and [weeks].",
        "    card: Q, a1",
        "    card: Zz, a1",
        "    arrow: e5, d4, black",
        "    r . . k . . . .",
        "",
        "### Problem 1",
        "1. e2e4, e7e5",
        "### Chess Golf solutions",
        "Setup: the usual chess setup.",
        "[a link](#zombie-chess)",
        "    type: cards",
    ];

    /// A small random generator, the same at every run.
    struct Random(u64);

    impl Random {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n.max(1) as u64) as usize
        }
    }

    /// One-line edits, one after another, each checked from the check
    /// before and compared with a check of the whole text.
    #[test]
    fn each_edit_finds_what_a_check_of_the_whole_text_finds() {
        let path = Path::new("rules/rules.md");
        // Another seed explores other edits: `CHESS_KIT_DOCS_SEED=7`.
        let seed = std::env::var("CHESS_KIT_DOCS_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0x9e37_79b9_7f4a_7c15u64);
        let mut random = Random(seed | 1);
        let (mut parts, mut steps) = (0, 0);
        for (name, text) in books() {
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            let mut check = ChunkedCheck::check(path, &text, None);
            let original = lines.clone();
            for step in 0..120 {
                // Back to the book as it was now and then: an edit that
                // leaves a block open to the end checks the rest whole.
                if step % 8 == 0 {
                    lines = original.clone();
                }
                let at = random.below(lines.len());
                let what = match random.below(7) {
                    5 => {
                        // A block of lines cut and pasted elsewhere.
                        let n = 1 + random.below(30).min(lines.len() - at - 1);
                        let block: Vec<String> = lines.drain(at..at + n).collect();
                        let to = random.below(lines.len() + 1);
                        lines.splice(to..to, block);
                        "moved with the lines after it"
                    }
                    6 => {
                        let n = random.below(4).min(lines.len() - at - 1);
                        lines.drain(at..=at + n);
                        "removed with the lines after it"
                    }
                    0 => {
                        lines.remove(at);
                        "removed"
                    }
                    1 => {
                        let line = lines[at].clone();
                        lines.insert(at, line);
                        "doubled"
                    }
                    2 => {
                        let line = &mut lines[at];
                        if let Some((i, _)) =
                            line.char_indices().nth(random.below(line.chars().count()))
                        {
                            line.remove(i);
                        }
                        "shortened"
                    }
                    _ => {
                        lines.insert(at, LINES[random.below(LINES.len())].to_string());
                        "inserted"
                    }
                };
                let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
                let mut now = lines.join(newline);
                now.push_str(newline);
                check = ChunkedCheck::check(path, &now, Some(&check));
                assert_same(
                    &check,
                    path,
                    &now,
                    &format!("{name}, edit {step}: line {} {what}", at + 1),
                );
                steps += 1;
                parts += usize::from(check.groups_checked().0 > 1);
                if lines.len() < 2 {
                    break;
                }
            }
        }
        // Most edits were checked in parts, not whole.
        eprintln!("{parts} of {steps} edits checked in parts");
        assert!(
            parts * 2 > steps,
            "{parts} of {steps} edits checked in parts"
        );
    }

    /// An edit inside one game's section checks that section only.
    #[test]
    fn an_edit_in_one_game_checks_only_its_chunk() {
        let path = Path::new("rules/rules.md");
        let text = std::fs::read_to_string("tests/seeds/rules.md").unwrap();
        let check = ChunkedCheck::check(path, &text, None);
        let edited = text.replacen("arrow: e5, d4, black", "arrow: e5, d3, black", 1);
        assert_ne!(edited, text);
        let again = ChunkedCheck::check(path, &edited, Some(&check));
        assert_same(&again, path, &edited, "the arrow moved");
        let (groups, checked) = again.groups_checked();
        assert!(groups > 5, "{groups} groups");
        assert_eq!(checked, 1);
    }
}
