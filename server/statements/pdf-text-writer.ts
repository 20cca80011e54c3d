// Measures, wraps and draws single lines of text in a pdfkit document, in any Indian script, so
// that they look right and read back as the same Unicode text. pdfkit shapes the text (fontkit:
// conjuncts, vowel signs, reph) but leaves two things to us:
// - Font fallback: each run is set in the face that has its script (statement-fonts.ts).
// - Extraction in logical order: shaping reorders glyphs (in "प्रिया" the vowel sign ि is drawn
//   before the cluster it follows), so a reader that rebuilds text from glyphs gets "िप्रया". A
//   line with such text is wrapped in a marked-content span whose /ActualText is the original
//   string, which readers use for copying, searching and extraction.
import type { Face, FontWeight } from './statement-fonts.ts';
import { splitByFace } from './statement-fonts.ts';

export interface TextStyle {
  size: number;
  weight: FontWeight;
  /** A CSS hex colour. */
  color: string;
}

/** Line box height and baseline position as multiples of the font size: room for Indic marks above and below. */
const LINE_HEIGHT = 1.5;
const BASELINE = 1.05;

/** Latin and script-neutral text (digits, ₹) reads back right from its glyphs without help. */
const NEEDS_ACTUAL_TEXT = /[^\p{Script=Latin}\p{Script=Common}]/u;

/**
 * The part of pdfkit's embedded font we use that its typings leave out (as in pdfkit 0.20; the
 * tests read the output back, so a change there fails them). encode() shapes the text and records
 * every glyph for the font subset and its ToUnicode map.
 */
interface EmbeddedFont {
  id: string;
  ref(): unknown;
  encode(text: string): [glyphHex: string[], positions: GlyphPosition[]];
  /** The fontkit font behind it. */
  font: { layout(text: string): unknown; _layoutEngine?: { engine?: { GPOSProcessor?: object } } };
}

interface GposProcessor {
  applyAnchor(markRecord: { markAnchor: unknown } | null, baseAnchor: unknown, baseGlyphIndex: number): void;
}

let nullAnchorsSkipped = false;

/**
 * fontkit 2.0.4 throws on a NULL anchor in a font's mark positioning (a legal "no attachment
 * here", which the Noto Gurmukhi face has): any Gurmukhi name made a statement answer 500. As
 * HarfBuzz does, such an anchor is skipped: the mark stays where the font's advance puts it. The
 * processor's class is not exported, so it is reached through a font's layout engine once; the
 * fix is fontkit's open pull request 374, and this goes when a release carries it.
 */
function skipNullAnchors(font: EmbeddedFont): void {
  if (nullAnchorsSkipped) return;
  font.font.layout('a');
  const processor = font.font._layoutEngine?.engine?.GPOSProcessor;
  if (!processor) return;
  const proto = Object.getPrototypeOf(processor) as GposProcessor;
  const apply = proto.applyAnchor;
  proto.applyAnchor = function (this: GposProcessor, markRecord, baseAnchor, baseGlyphIndex) {
    if (!baseAnchor || !markRecord?.markAnchor) return;
    apply.call(this, markRecord, baseAnchor, baseGlyphIndex);
  };
  nullAnchorsSkipped = true;
}

/** In thousandths of the font size. */
interface GlyphPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** At most three decimals and never an exponent: what a content stream wants. */
function formatNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

export class PdfTextWriter {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  lineHeight(style: TextStyle): number {
    return style.size * LINE_HEIGHT;
  }

  width(text: string, style: TextStyle): number {
    let width = 0;
    for (const run of splitByFace(text)) {
      this.selectFont(run.face, style);
      width += this.doc.widthOfString(run.text);
    }
    return width;
  }

  /** Breaks text into lines no wider than maxWidth: between words, and inside a word only when it alone is too wide. */
  wrap(text: string, maxWidth: number, style: TextStyle): string[] {
    const words = text.trim().split(/\s+/);
    const oneLine = words.join(' ');
    if (this.width(oneLine, style) <= maxWidth) return [oneLine];
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, style) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      for (const { segment } of graphemes.segment(word)) {
        if (line && this.width(line + segment, style) > maxWidth) {
          lines.push(line);
          line = '';
        }
        line += segment;
      }
    }
    lines.push(line);
    return lines;
  }

  /** Draws one line with its line box's top-left corner at (x, top), in pdfkit's top-down page coordinates. */
  draw(text: string, x: number, top: number, style: TextStyle): void {
    if (!text) return;
    const doc = this.doc;
    const baseline = doc.page.height - top - style.size * BASELINE;
    // pdfkit draws in a flipped page space and wraps each of its own text() calls in a separate
    // q/cm/Q; a span opened around text() would close under another matrix than its glyphs, and
    // poppler then files the ActualText at the mirror-image spot of the page. So the text object
    // is written here, span and glyphs under one matrix: PDF's own, y upwards.
    doc.save();
    doc.fillColor(style.color);
    doc.transform(1, 0, 0, -1, 0, doc.page.height);
    const actual = NEEDS_ACTUAL_TEXT.test(text);
    if (actual) doc.markContent('Span', { actual: text });
    doc.addContent('BT');
    let pen = x;
    for (const run of splitByFace(text)) {
      const font = this.selectFont(run.face, style);
      doc.page.fonts[font.id] ??= font.ref();
      doc.addContent(`/${font.id} ${formatNumber(style.size)} Tf`);
      // pdfkit shapes word by word; fontkit puts each right-to-left word's glyphs in visual order,
      // and the words themselves go right to left here.
      const pieces = run.face.rtl ? run.text.split(/(\s+)/u).filter(Boolean).reverse() : [run.text];
      for (const piece of pieces) pen = this.writeGlyphs(font, piece, pen, baseline, style.size);
    }
    doc.addContent('ET');
    if (actual) doc.endMarkedContent();
    doc.restore();
  }

  drawRightAligned(text: string, right: number, top: number, style: TextStyle): void {
    this.draw(text, right - this.width(text, style), top, style);
  }

  /** Shows the run's glyphs from (x, y) and returns the x after them. */
  private writeGlyphs(font: EmbeddedFont, text: string, x: number, y: number, size: number): number {
    const [glyphs, positions] = font.encode(text);
    const scale = size / 1000;
    const parts: string[] = [];
    let hex = '';
    const flush = (): void => {
      if (hex) parts.push(`<${hex}>`);
      hex = '';
      if (parts.length) this.doc.addContent(`[${parts.join(' ')}] TJ`);
      parts.length = 0;
    };
    const moveTo = (px: number, py: number): void => {
      flush();
      this.doc.addContent(`1 0 0 1 ${formatNumber(px)} ${formatNumber(py)} Tm`);
    };
    moveTo(x, y);
    let offBaseline = false;
    glyphs.forEach((glyph, i) => {
      const position = positions[i];
      if (!position) return;
      if (position.xOffset || position.yOffset) {
        // A mark placed by the font's positioning rules: set on its own, then come back.
        moveTo(x + position.xOffset * scale, y + position.yOffset * scale);
        hex += glyph;
        offBaseline = true;
      } else {
        if (offBaseline) moveTo(x, y);
        offBaseline = false;
        hex += glyph;
        const kerning = position.xAdvance - position.advanceWidth;
        if (kerning) {
          parts.push(`<${hex}>`, formatNumber(-kerning));
          hex = '';
        }
      }
      x += position.xAdvance * scale;
    });
    flush();
    return x;
  }

  private selectFont(face: Face, style: TextStyle): EmbeddedFont {
    // pdfkit loads a font file once per document and keeps it under its path.
    this.doc.font(face.file(style.weight), style.size);
    const font = (this.doc as unknown as { _font: EmbeddedFont })._font;
    skipNullAnchors(font);
    return font;
  }
}
