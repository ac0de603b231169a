//! What the server answers about a checked document: its diagnostics,
//! hovers, quick fixes, completions and outline. Each takes the document's
//! text and its last check, which always matches that text.

use std::path::Path;

use ls_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CompletionItem, CompletionItemKind,
    CompletionTextEdit, CreateFile, CreateFileOptions, DiagnosticSeverity, DocumentChangeOperation,
    DocumentChanges, DocumentSymbol, Hover, HoverContents, MarkupContent, MarkupKind,
    NumberOrString, OneOf, OptionalVersionedTextDocumentIdentifier, Position, Range, ResourceOp,
    SymbolKind, TextDocumentEdit, TextEdit, Uri, WorkspaceEdit,
};

use super::document::{Document, Encoding, LineIndex};
use crate::config::CONFIG_FILE;
use crate::diagnostic::{Diagnostic, Severity};
use crate::diagram::{ARROW_COLOURS, DiagramKind, GRID_TYPES, line_names};
use crate::incremental::ChunkedCheck;
use crate::source::Span;

/// Where a finding or a suggestion comes from, in the editor's list.
const SOURCE: &str = "chess-kit-docs";

/// A diagnostic as the editor shows it: the message, then the help as
/// rustc prints it; an allowed finding as information, with its reason.
pub fn diagnostic(index: &LineIndex, text: &str, d: &Diagnostic) -> ls_types::Diagnostic {
    let range = d.span.map_or_else(Range::default, |s| index.range(text, s));
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    let severity = match (&d.allowed, d.severity) {
        (Some(reason), _) => {
            message.push_str("\nallowed in chess-kit-docs.toml: ");
            message.push_str(reason);
            DiagnosticSeverity::INFORMATION
        }
        (None, Severity::Error) => DiagnosticSeverity::ERROR,
        (None, Severity::Warning) => DiagnosticSeverity::WARNING,
    };
    ls_types::Diagnostic {
        range,
        severity: Some(severity),
        code: d.rule.map(|r| NumberOrString::String(r.to_string())),
        source: Some(SOURCE.to_string()),
        message,
        ..Default::default()
    }
}

/// The most findings a hover lists, and the most characters of each: the
/// editor's problems list has them whole.
const HOVER_FINDINGS: usize = 3;
const HOVER_FINDING_CHARS: usize = 120;

/// The hover on a diagram, kept short (a hover that fills the terminal
/// helps no one): its game and number, on an arrow's line the move the
/// arrow stands for, its position as FEN with the side to move, its
/// findings in a line each, and the drawing as a link to an SVG file that
/// an editor showing Markdown images (VS Code) draws, and any other can
/// open. Never the drawing inline: a data URL is tens of kilobytes.
pub fn hover(
    doc: &Document,
    check: &ChunkedCheck,
    style: &crate::style::Style,
    offset: usize,
    drawings: Option<&mut Drawings>,
) -> Option<Hover> {
    let at = check.diagram_at(offset)?;
    let entry = at.entry;
    // The diagram's own spans count in its part of the book.
    let local = offset.checked_add_signed(-at.shift)?;
    let block = Span::new(
        entry.span.start.saturating_add_signed(at.shift),
        entry.span.end.saturating_add_signed(at.shift),
    );
    let section = at.section.map(|s| s.title.as_str());
    let name = format!(
        "{}diagram {}",
        section.map(|s| format!("{s}, ")).unwrap_or_default(),
        entry.number
    );
    let mut parts = vec![format!("**{name}**")];
    let diagram = entry.diagram.as_ref();
    if let Some(DiagramKind::Board(board)) = diagram.map(|d| &d.kind)
        && let Some(arrow) = board
            .arrows
            .iter()
            .find(|a| a.span.start <= local && local <= a.span.end)
    {
        parts.push(format!(
            "Arrow: {}.",
            crate::html::alt::arrow_text(board, arrow)
        ));
    }
    match at.fen {
        Some(Ok(fen)) => {
            let turn = match fen.fen.split(' ').nth(1) {
                Some("b") => "Black to move",
                _ => "White to move",
            };
            parts.push(format!("FEN ({turn}): `{}`", fen.fen));
        }
        Some(Err(why)) if diagram.is_some() => parts.push(format!("No FEN: {why}.")),
        _ => {}
    }
    let findings: Vec<&Diagnostic> = check
        .diags
        .iter()
        .filter(|d| {
            d.span
                .is_some_and(|s| block.start <= s.start && s.start <= block.end)
        })
        .collect();
    if !findings.is_empty() {
        let mut lines: Vec<String> = findings
            .iter()
            .take(HOVER_FINDINGS)
            .map(|d| {
                let what = match (&d.allowed, d.severity) {
                    (Some(_), _) => "allowed",
                    (None, Severity::Error) => "error",
                    (None, Severity::Warning) => "warning",
                };
                format!("- {what}: {}", shortened(&d.message, HOVER_FINDING_CHARS))
            })
            .collect();
        if findings.len() > HOVER_FINDINGS {
            lines.push(format!("- and {} more", findings.len() - HOVER_FINDINGS));
        }
        parts.push(lines.join("\n"));
    }
    match diagram {
        None => parts.push("This diagram has errors: it is drawn once they are mended.".into()),
        Some(diagram) => {
            let svg = crate::render::diagram_svg(diagram, style);
            if let Some(uri) = drawings.and_then(|d| d.file(&svg)) {
                parts.push(format!("![{name}]({})", uri.as_str()));
            }
        }
    }
    Some(markdown_hover(doc, block, parts))
}

/// The first line of `text`, cut to at most `most` characters.
fn shortened(text: &str, most: usize) -> String {
    let line = text.lines().next().unwrap_or("");
    if line.chars().count() <= most && line.len() == text.trim_end().len() {
        return line.to_string();
    }
    let cut: String = line.chars().take(most.saturating_sub(1)).collect();
    format!("{}…", cut.trim_end())
}

/// The drawings hovers link to: SVG files in a folder of the server's own
/// (made as mkdtemp makes one, only its owner may enter it), named by
/// their content so an unchanged diagram is written once; the oldest go
/// when there are many, and the folder goes when the server exits.
pub struct Drawings {
    dir: tempfile::TempDir,
    /// The files written, oldest first.
    files: std::collections::VecDeque<std::path::PathBuf>,
}

/// How many drawings the folder keeps.
const DRAWINGS_KEPT: usize = 64;

impl Drawings {
    pub fn new() -> Option<Drawings> {
        let dir = tempfile::Builder::new()
            .prefix("chess-kit-docs-lsp-")
            .tempdir()
            .ok()?;
        Some(Drawings {
            dir,
            files: std::collections::VecDeque::new(),
        })
    }

    /// The file URI of `svg`, written into the folder if it is not there.
    pub fn file(&mut self, svg: &str) -> Option<Uri> {
        let name = format!("{:016x}.svg", xxhash_rust::xxh3::xxh3_64(svg.as_bytes()));
        let path = self.dir.path().join(name);
        if !self.files.contains(&path) {
            std::fs::write(&path, svg).ok()?;
            self.files.push_back(path.clone());
            while self.files.len() > DRAWINGS_KEPT {
                if let Some(old) = self.files.pop_front() {
                    let _ = std::fs::remove_file(old);
                }
            }
        }
        Uri::from_file_path(&path)
    }
}

fn markdown_hover(doc: &Document, span: Span, parts: Vec<String>) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: parts.join("\n\n"),
        }),
        range: Some(doc.range(span)),
    }
}

/// The quick fixes for the diagnostics that touch `range`: the one obvious
/// edit where a diagnostic has one, and for a rules finding the allowance
/// that keeps it, added to the settings.
pub fn code_actions(
    uri: &Uri,
    doc: &Document,
    check: &ChunkedCheck,
    range: Range,
    settings: Option<&SettingsFile>,
) -> Vec<CodeActionOrCommand> {
    let (start, end) = (doc.offset(range.start), doc.offset(range.end));
    let mut actions = Vec::new();
    for d in &check.diags {
        let Some(span) = d.span else { continue };
        if span.end < start || span.start > end {
            continue;
        }
        let shown = diagnostic(&doc.index, &doc.text, d);
        if let Some(fix) = &d.fix {
            let edit = TextEdit::new(doc.range(fix.span), fix.text.clone());
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!("Replace with `{}`", fix.text),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![shown.clone()]),
                edit: Some(WorkspaceEdit {
                    changes: Some([(uri.clone(), vec![edit])].into_iter().collect()),
                    ..Default::default()
                }),
                is_preferred: Some(true),
                ..Default::default()
            }));
        }
        if let Some(rule) = d.rule
            && d.allowed.is_none()
            && let Some(settings) = settings
            && let Some(edit) = allowance_edit(check, span, rule, settings)
        {
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!("Allow this `{rule}` finding in {CONFIG_FILE}"),
                kind: Some(CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![shown]),
                edit: Some(edit),
                ..Default::default()
            }));
        }
    }
    actions
}

/// The settings file of a document's book root, as the editor or the disk
/// holds it.
pub struct SettingsFile {
    pub uri: Uri,
    /// Its text, `None` when there is no such file.
    pub text: Option<String>,
    /// The version of the editor's copy, when the editor has it open.
    pub version: Option<i32>,
    pub encoding: Encoding,
}

/// The `[[check.allow]]` table for a rules finding at `span`, added at the
/// end of the settings (which are made when there are none).
fn allowance_edit(
    check: &ChunkedCheck,
    span: Span,
    rule: &str,
    settings: &SettingsFile,
) -> Option<WorkspaceEdit> {
    let (section, diagram) = check.finding_place(span);
    let section = section?;
    let mut table = format!(
        "[[check.allow]]\nbook = {}\nsection = {}\n",
        crate::config::toml_string(check.book_name()),
        crate::config::toml_string(&section)
    );
    if let Some(n) = diagram {
        table.push_str(&format!("diagram = {n}\n"));
    }
    table.push_str(&format!(
        "rule = {}\nreason = \"why the book keeps this: say it here\"\n",
        crate::config::toml_string(rule)
    ));
    let (at, text) = match &settings.text {
        Some(text) => {
            let index = LineIndex::new(text, settings.encoding);
            let end = index.position(text, text.len());
            let gap = if text.is_empty() || text.ends_with("\n\n") {
                ""
            } else if text.ends_with('\n') {
                "\n"
            } else {
                "\n\n"
            };
            (end, format!("{gap}{table}"))
        }
        None => (Position::new(0, 0), table),
    };
    let edit = TextDocumentEdit {
        text_document: OptionalVersionedTextDocumentIdentifier {
            uri: settings.uri.clone(),
            version: settings.version,
        },
        edits: vec![OneOf::Left(TextEdit::new(Range::new(at, at), text))],
    };
    let mut operations = Vec::new();
    if settings.text.is_none() {
        operations.push(DocumentChangeOperation::Op(ResourceOp::Create(
            CreateFile {
                uri: settings.uri.clone(),
                options: Some(CreateFileOptions {
                    overwrite: Some(false),
                    ignore_if_exists: Some(true),
                }),
                annotation_id: None,
            },
        )));
    }
    operations.push(DocumentChangeOperation::Edit(edit));
    Some(WorkspaceEdit {
        document_changes: Some(DocumentChanges::Operations(operations)),
        ..Default::default()
    })
}

/// Completions at byte `offset`: in a diagram, line names, arrow colours,
/// grid types and card symbols; after `## `, the games the engine knows and
/// those the settings configure.
pub fn completions(doc: &Document, check: &ChunkedCheck, offset: usize) -> Vec<CompletionItem> {
    let text = doc.text.as_str();
    let line_start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..offset];
    let item = |label: &str, kind: CompletionItemKind, detail: &str, from: usize| {
        let range = Range::new(
            doc.index.position(text, from),
            doc.index.position(text, offset),
        );
        CompletionItem {
            label: label.to_string(),
            kind: Some(kind),
            detail: Some(detail.to_string()),
            text_edit: Some(CompletionTextEdit::Edit(TextEdit::new(
                range,
                label.to_string(),
            ))),
            ..Default::default()
        }
    };
    if let Some(title) = before.strip_prefix("## ") {
        let from = offset - title.len();
        let mut names: Vec<String> = crate::engine::Games::new(&check.settings.variants)
            .names()
            .map(str::to_string)
            .collect();
        names.sort();
        names.dedup();
        return names
            .iter()
            .map(|n| {
                item(
                    n,
                    CompletionItemKind::CLASS,
                    "a game the rules engine checks",
                    from,
                )
            })
            .collect();
    }
    let Some(line) = before
        .strip_prefix("    ")
        .or_else(|| before.strip_prefix('\t'))
        .map(str::trim_start)
    else {
        return Vec::new();
    };
    let from_word = |rest: &str| offset - rest.len() + (rest.len() - rest.trim_start().len());
    if let Some((name, rest)) = line.split_once(':') {
        let values: Vec<&str> = rest.split(',').collect();
        let last = values.last().copied().unwrap_or("");
        let from = from_word(last);
        return match (name.trim(), values.len()) {
            ("arrow", 3) => ARROW_COLOURS
                .iter()
                .map(|c| item(c, CompletionItemKind::ENUM_MEMBER, "arrow colour", from))
                .collect(),
            ("type", 1) => GRID_TYPES
                .iter()
                .map(|t| item(t, CompletionItemKind::ENUM_MEMBER, "grid diagram", from))
                .collect(),
            ("card", 1) => check
                .card_symbols()
                .iter()
                .map(|s| item(s, CompletionItemKind::VALUE, "card symbol", from))
                .collect(),
            _ => Vec::new(),
        };
    }
    // A line name is being typed: letters and spaces only, in a diagram.
    if !line.chars().all(|c| c.is_ascii_lowercase() || c == ' ')
        || check.diagram_at(line_start).is_none()
    {
        return Vec::new();
    }
    let from = offset - line.len();
    line_names()
        .map(|n| {
            let mut it = item(n, CompletionItemKind::KEYWORD, "diagram line", from);
            if let Some(CompletionTextEdit::Edit(e)) = &mut it.text_edit {
                e.new_text = format!("{n}: ");
            }
            it
        })
        .collect()
}

/// The outline: the book's chapters and games, each with its diagrams.
pub fn symbols(doc: &Document, check: &ChunkedCheck) -> Vec<DocumentSymbol> {
    let text = doc.text.as_str();
    let outline = check.outline();
    let mut out: Vec<DocumentSymbol> = Vec::new();
    for (i, (section, diagrams)) in outline.iter().enumerate() {
        let end = outline[i + 1..]
            .iter()
            .find(|(s, _)| s.level <= section.level)
            .map_or(text.len(), |(s, _)| s.span.start);
        let heading_end = text[section.span.start..]
            .find('\n')
            .map_or(text.len(), |n| section.span.start + n);
        let children: Vec<DocumentSymbol> = diagrams
            .iter()
            .map(|d| {
                symbol(
                    format!("Diagram {}", d.number),
                    d.kind.map(str::to_string),
                    SymbolKind::OBJECT,
                    doc.range(d.span),
                    doc.range(first_line(text, d.span)),
                    Vec::new(),
                )
            })
            .collect();
        let s = symbol(
            section.title.clone(),
            None,
            if section.level <= 1 {
                SymbolKind::NAMESPACE
            } else {
                SymbolKind::CLASS
            },
            doc.range(Span::new(section.span.start, end)),
            doc.range(Span::new(section.span.start, heading_end)),
            children,
        );
        // A `##` section goes under the `#` chapter before it.
        match out.last_mut() {
            Some(chapter)
                if section.level > 1
                    && chapter.kind == SymbolKind::NAMESPACE
                    && doc.offset(chapter.range.end) >= end =>
            {
                chapter.children.get_or_insert_with(Vec::new).push(s)
            }
            _ => out.push(s),
        }
    }
    out
}

fn first_line(text: &str, span: Span) -> Span {
    let start = span.start.min(text.len());
    let end = text[start..]
        .find('\n')
        .map_or(text.len(), |n| start + n)
        .min(span.end.max(start));
    Span::new(start, end)
}

#[allow(deprecated)] // `deprecated` is a field every literal must give.
fn symbol(
    name: String,
    detail: Option<String>,
    kind: SymbolKind,
    range: Range,
    selection_range: Range,
    children: Vec<DocumentSymbol>,
) -> DocumentSymbol {
    DocumentSymbol {
        name,
        detail,
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children: Some(children),
    }
}

/// The settings file's URI for a rulebook at `path`: in its book root.
pub fn settings_path(path: &Path) -> std::path::PathBuf {
    crate::settings::Settings::root_of(&[path.to_path_buf()]).join(CONFIG_FILE)
}
