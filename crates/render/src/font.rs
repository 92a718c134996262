//! Fonts for PDF pages, embedded and cut to the glyphs a document uses (print shops and
//! print-on-demand services refuse a PDF whose fonts are not embedded).
//!
//! The default is DejaVu Sans and DejaVu Sans Bold (shipped in `crates/render/fonts`, their
//! licence beside them), which cover Latin, Greek and Cyrillic; any TrueType or OpenType
//! font (a collection's first face) may replace both ([`Font::from_bytes`]), so a title in
//! Japanese prints with a CJK font. Fonts are read with `ttf-parser` and cut with
//! `subsetter`, and written as Type0 fonts (Identity-H, two bytes a glyph) with a ToUnicode
//! map, so the text can be searched and copied (`pdftotext` gives it back).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

use maze_core::Error;
use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Chunk, Filter, Finish, Name, Rect, Ref, Settings, Str};

/// DejaVu Sans (Debian's fonts-dejavu-core 2.37).
static DEJAVU_SANS: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
static DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");

/// A font file, read and checked: cheap to clone (the bytes are shared).
#[derive(Clone)]
pub struct Font(Arc<FontData>);

struct FontData {
    data: Cow<'static, [u8]>,
    /// The PostScript name (spaces and PDF delimiters left out).
    name: String,
    /// Units per em.
    units: f64,
    /// Whether the outlines are CFF (an OpenType font embedded as FontFile3) rather than
    /// TrueType (FontFile2).
    cff: bool,
}

impl std::fmt::Debug for Font {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Font({}, {} bytes)", self.0.name, self.0.data.len())
    }
}

impl PartialEq for Font {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.data == other.0.data
    }
}

impl Font {
    /// DejaVu Sans, the default for text.
    pub fn sans() -> Font {
        Self::read(Cow::Borrowed(DEJAVU_SANS)).unwrap_or_else(|_| unreachable!("the shipped font reads"))
    }

    /// DejaVu Sans Bold, the default for titles.
    pub fn sans_bold() -> Font {
        Self::read(Cow::Borrowed(DEJAVU_SANS_BOLD)).unwrap_or_else(|_| unreachable!("the shipped font reads"))
    }

    /// A font from the bytes of a TrueType or OpenType file (of a collection, its first
    /// face).
    ///
    /// # Errors
    /// [`Error::Parameter`] when the bytes are not such a font.
    pub fn from_bytes(data: Vec<u8>) -> Result<Font, Error> {
        Self::read(Cow::Owned(data))
    }

    fn read(data: Cow<'static, [u8]>) -> Result<Font, Error> {
        let face = ttf_parser::Face::parse(&data, 0)
            .map_err(|e| Error::Parameter(format!("not a TrueType or OpenType font ({e})")))?;
        let name = face
            .names()
            .into_iter()
            .filter(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
            .find_map(|n| n.to_string())
            .unwrap_or_else(|| "Font".into())
            .chars()
            .filter(|c| c.is_ascii_graphic() && !"()<>[]{}/%#".contains(*c))
            .collect::<String>();
        let units = f64::from(face.units_per_em());
        let cff = face.tables().cff.is_some();
        if face.tables().glyf.is_none() && !cff {
            return Err(Error::Parameter("not a font with TrueType or CFF outlines".into()));
        }
        let name = if name.is_empty() { "Font".into() } else { name };
        Ok(Font(Arc::new(FontData { data, name, units, cff })))
    }

    /// The PostScript name.
    pub fn name(&self) -> &str {
        &self.0.name
    }

    fn face(&self) -> Option<ttf_parser::Face<'_>> {
        ttf_parser::Face::parse(&self.0.data, 0).ok()
    }

    /// The first character of `text` the font has no glyph for (tabs and line breaks
    /// print as spaces), if any.
    pub fn missing(&self, text: &str) -> Option<char> {
        let face = self.face()?;
        printable(text).chars().find(|&c| face.glyph_index(c).is_none())
    }

    /// The width of `text` at a size of 1 (in ems), as printed ([`printable`]); a character
    /// without a glyph counts as the font's missing glyph.
    pub fn width(&self, text: &str) -> f64 {
        let Some(face) = self.face() else { return 0.0 };
        printable(text)
            .chars()
            .map(|c| {
                let g = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
                f64::from(face.glyph_hor_advance(g).unwrap_or(0)) / self.0.units
            })
            .sum()
    }
}

/// The text as printed: tabs and line breaks become spaces.
pub fn printable(s: &str) -> Cow<'_, str> {
    if s.contains(['\t', '\n', '\r']) {
        Cow::Owned(s.chars().map(|c| if matches!(c, '\t' | '\n' | '\r') { ' ' } else { c }).collect())
    } else {
        Cow::Borrowed(s)
    }
}

/// The two fonts of a page: one for the title and the dots' numbers, one for the rest
/// (the same font twice when a font is given).
#[derive(Clone, Debug, PartialEq)]
pub struct Fonts {
    /// Instructions, headings, page numbers.
    pub regular: Font,
    /// The title and the numbers on a MultiMaze's dots.
    pub bold: Font,
}

impl Default for Fonts {
    /// DejaVu Sans and DejaVu Sans Bold.
    fn default() -> Self {
        Fonts { regular: Font::sans(), bold: Font::sans_bold() }
    }
}

impl Fonts {
    /// One font for everything.
    pub fn single(font: Font) -> Self {
        Fonts { regular: font.clone(), bold: font }
    }

    /// The font of a line.
    pub fn get(&self, bold: bool) -> &Font {
        if bold { &self.bold } else { &self.regular }
    }

    /// Whether both are one font.
    pub fn is_single(&self) -> bool {
        self.regular == self.bold
    }

    /// Refuses `text` (named `what`, such as "the title") when a character of it has no
    /// glyph in the font that prints it.
    ///
    /// # Errors
    /// [`Error::Parameter`] naming the character and the font.
    pub fn check(&self, text: &str, bold: bool, what: &str) -> Result<(), Error> {
        let font = self.get(bold);
        match font.missing(text) {
            Some(c) => Err(Error::Parameter(format!(
                "the font {} has no glyph for '{c}' (U+{:04X}) in {what}: give a font that has it with --font",
                font.name(),
                u32::from(c)
            ))),
            None => Ok(()),
        }
    }
}

/// A font as one document uses it: the glyphs used so far, numbered in the order they were
/// first used (the numbers the pages' text shows), with the character each one prints.
pub(crate) struct InUse {
    font: Font,
    glyphs: subsetter::GlyphRemapper,
    /// The character of each glyph used, by its new number.
    chars: BTreeMap<u16, char>,
}

impl InUse {
    pub(crate) fn new(font: Font) -> Self {
        let mut glyphs = subsetter::GlyphRemapper::new();
        // The missing glyph keeps number 0.
        glyphs.remap(0);
        InUse { font, glyphs, chars: BTreeMap::new() }
    }

    /// Whether any text used the font.
    #[cfg(test)]
    pub(crate) fn used(&self) -> bool {
        !self.chars.is_empty()
    }

    /// The font.
    pub(crate) fn font(&self) -> &Font {
        &self.font
    }

    /// The bytes showing `text` (two bytes a glyph, by their new numbers).
    pub(crate) fn encode(&mut self, text: &str) -> Vec<u8> {
        let Some(face) = ttf_parser::Face::parse(&self.font.0.data, 0).ok() else { return Vec::new() };
        let mut out = Vec::with_capacity(2 * text.len());
        for c in printable(text).chars() {
            let new = match face.glyph_index(c) {
                Some(g) => {
                    let new = self.glyphs.remap(g.0);
                    self.chars.entry(new).or_insert(c);
                    new
                }
                None => 0,
            };
            out.extend_from_slice(&new.to_be_bytes());
        }
        out
    }

    /// The font's objects, one chunk each: the Type0 font `id` (the pages' resources name
    /// it), its CID font, descriptor, the cut font file and its ToUnicode map, at ids
    /// `next` to `next + 3`.
    ///
    /// # Errors
    /// [`Error::Parameter`] when the font cannot be cut.
    pub(crate) fn write(&self, settings: Settings, id: Ref, next: i32) -> Result<Vec<(i32, Chunk)>, Error> {
        let chunk = || Chunk::with_settings(settings);
        let mut objects = Vec::new();
        let face = ttf_parser::Face::parse(&self.font.0.data, 0)
            .map_err(|e| Error::Parameter(format!("cannot read the font again ({e})")))?;
        let data = subsetter::subset(&self.font.0.data, 0, &self.glyphs)
            .map_err(|e| Error::Parameter(format!("cannot cut the font {} ({e:?})", self.font.name())))?;
        let (cid, descriptor, file, cmap) =
            (Ref::new(next), Ref::new(next + 1), Ref::new(next + 2), Ref::new(next + 3));
        // A subset's name starts with six capitals, here from the glyphs it holds (the
        // same document gives the same name).
        let mut hash: u32 = 2_166_136_261;
        for g in self.glyphs.remapped_gids() {
            for b in g.to_be_bytes() {
                hash = (hash ^ u32::from(b)).wrapping_mul(16_777_619);
            }
        }
        let tag: String = (0..6).map(|i| char::from(b'A' + ((hash >> (i * 5)) % 26) as u8)).collect();
        let base = format!("{tag}+{}", self.font.name());
        let system = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"Identity"), supplement: 0 };
        let mut c = chunk();
        c.type0_font(id)
            .base_font(Name(base.as_bytes()))
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid)
            .to_unicode(cmap);
        objects.push((id.get(), c));
        let units = self.font.0.units;
        let em = |v: f64| (v / units * 1000.0).round() as f32;
        let widths: Vec<f32> = self
            .glyphs
            .remapped_gids()
            .map(|g| em(f64::from(face.glyph_hor_advance(ttf_parser::GlyphId(g)).unwrap_or(0))))
            .collect();
        let mut o = chunk();
        {
            let mut c = o.cid_font(cid);
            c.subtype(if self.font.0.cff { CidFontType::Type0 } else { CidFontType::Type2 });
            c.base_font(Name(base.as_bytes()));
            c.system_info(system);
            c.font_descriptor(descriptor);
            c.widths().consecutive(0, widths);
            if !self.font.0.cff {
                c.cid_to_gid_map_predefined(Name(b"Identity"));
            }
            c.finish();
        }
        objects.push((cid.get(), o));
        let b = face.global_bounding_box();
        let mut flags = FontFlags::SYMBOLIC;
        if face.is_italic() {
            flags |= FontFlags::ITALIC;
        }
        if face.is_monospaced() {
            flags |= FontFlags::FIXED_PITCH;
        }
        let ascent = em(f64::from(face.ascender()));
        let mut o = chunk();
        {
            let mut d = o.font_descriptor(descriptor);
            d.name(Name(base.as_bytes()))
                .flags(flags)
                .bbox(Rect::new(
                    em(f64::from(b.x_min)),
                    em(f64::from(b.y_min)),
                    em(f64::from(b.x_max)),
                    em(f64::from(b.y_max)),
                ))
                .italic_angle(face.italic_angle())
                .ascent(ascent)
                .descent(em(f64::from(face.descender())))
                .cap_height(face.capital_height().map_or(ascent, |h| em(f64::from(h))))
                .stem_v(if face.is_bold() { 120.0 } else { 80.0 });
            if self.font.0.cff {
                d.font_file3(file);
            } else {
                d.font_file2(file);
            }
            d.finish();
        }
        objects.push((descriptor.get(), o));
        let packed = miniz_oxide::deflate::compress_to_vec_zlib(&data, 6);
        let mut o = chunk();
        {
            let mut s = o.stream(file, &packed);
            s.filter(Filter::FlateDecode);
            if self.font.0.cff {
                s.pair(Name(b"Subtype"), Name(b"OpenType"));
            } else {
                s.pair(Name(b"Length1"), i32::try_from(data.len()).unwrap_or(i32::MAX));
            }
        }
        objects.push((file.get(), o));
        let mut map = UnicodeCmap::new(Name(b"Maze-UTF16"), system);
        for (&g, &c) in &self.chars {
            map.pair(g, c);
        }
        let map = map.finish();
        let mut o = chunk();
        o.cmap(cmap, &map).name(Name(b"Maze-UTF16")).system_info(system);
        objects.push((cmap.get(), o));
        Ok(objects)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_fonts_read_and_measure() {
        let fonts = Fonts::default();
        assert_eq!(fonts.regular.name(), "DejaVuSans");
        assert_eq!(fonts.bold.name(), "DejaVuSans-Bold");
        assert!(!fonts.is_single());
        // Greek and Cyrillic print; Japanese does not.
        assert_eq!(fonts.regular.missing("Λαβύρινθος Лабиринт"), None);
        assert_eq!(fonts.regular.missing("迷路の本"), Some('迷'));
        let e = fonts.check("Maze 迷路", true, "the title").unwrap_err().to_string();
        assert!(
            e.contains("'迷' (U+8FF7)") && e.contains("the title") && e.contains("DejaVuSans-Bold"),
            "{e}"
        );
        // Bold is wider than regular, and widths add up.
        let (r, b) = (fonts.regular.width("Maze"), fonts.bold.width("Maze"));
        assert!(r > 1.5 && b > r, "{r} {b}");
        assert!((fonts.regular.width("MazeMaze") - 2.0 * r).abs() < 1e-9);
    }

    #[test]
    fn a_file_that_is_no_font_is_refused() {
        let e = Font::from_bytes(b"%PDF-1.7 not a font".to_vec()).unwrap_err().to_string();
        assert!(e.contains("not a TrueType or OpenType font"), "{e}");
    }

    #[test]
    fn glyphs_are_numbered_as_first_used() {
        let mut f = InUse::new(Font::sans());
        assert!(!f.used());
        assert_eq!(f.encode("ab"), vec![0, 1, 0, 2]);
        assert_eq!(f.encode("ba\t"), vec![0, 2, 0, 1, 0, 3]);
        assert_eq!(f.encode("迷"), vec![0, 0]);
        assert!(f.used());
        let objects = f.write(Settings::default(), Ref::new(3), 10).expect("writes");
        assert_eq!(objects.iter().map(|o| o.0).collect::<Vec<_>>(), vec![3, 10, 11, 12, 13]);
        let text = String::from_utf8_lossy(objects[0].1.as_bytes());
        assert!(text.contains("Identity-H") && text.contains("/DescendantFonts [10 0 R]"), "{text}");
        assert!(String::from_utf8_lossy(objects[2].1.as_bytes()).contains("/FontFile2 12 0 R"));
    }
}
