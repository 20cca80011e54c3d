// The typefaces statements are set in, and which one each piece of text needs. Noto Sans
// Devanagari (static TrueType, SIL Open Font License 1.1) sets everything by default: Latin,
// digits, the rupee sign and Hindi. A name in another script of India's scheduled languages is set
// in that script's Noto face (Bengali, Gurmukhi, Gujarati, Odia, Tamil, Telugu, Kannada,
// Malayalam, Ol Chiki, Meetei Mayek, and Noto Naskh Arabic for Urdu, Kashmiri and Sindhi), which
// share the Latin design, so a mixed line still looks like one typeface; Greek, Cyrillic and the
// rest of Latin fall back to Noto Sans.
// Static TTFs because pdfkit cannot subset the repo's variable WOFF2 web fonts (their glyphs come
// out empty).
import { createRequire } from 'node:module';

export type FontWeight = 'regular' | 'semibold';

export interface Face {
  /** The TrueType file of this face in the given weight. */
  file(weight: FontWeight): string;
  /** Set right to left: a space at the run's end would be drawn at its start, and words go right to left. */
  rtl?: boolean;
}

interface ScriptFace extends Face {
  /** Matches a letter of the script this face is chosen for. */
  pattern: RegExp;
  /** Characters this face has no glyph for although they stay in a run otherwise (Latin and ₹ in Arabic). */
  lacks?: RegExp;
}

const WEIGHT_DIRS: Record<FontWeight, string> = { regular: '400Regular', semibold: '600SemiBold' };
const require = createRequire(import.meta.url);

function notoFace(script: string | RegExp, packageName: string, fileStem: string, rtlLacking?: RegExp): ScriptFace {
  // Resolved once: text is measured and drawn font by font, thousands of times per statement.
  const files = new Map<FontWeight, string>();
  return {
    pattern: typeof script === 'string' ? new RegExp(`\\p{Script=${script}}`, 'u') : script,
    ...(rtlLacking ? { lacks: rtlLacking, rtl: true } : {}),
    file(weight) {
      let file = files.get(weight);
      if (!file) {
        const dir = WEIGHT_DIRS[weight];
        file = require.resolve(`@expo-google-fonts/${packageName}/${dir}/${fileStem}_${dir}.ttf`);
        files.set(weight, file);
      }
      return file;
    },
  };
}

const FACES = [
  notoFace('Devanagari', 'noto-sans-devanagari', 'NotoSansDevanagari'),
  notoFace('Bengali', 'noto-sans-bengali', 'NotoSansBengali'),
  notoFace('Gurmukhi', 'noto-sans-gurmukhi', 'NotoSansGurmukhi'),
  notoFace('Gujarati', 'noto-sans-gujarati', 'NotoSansGujarati'),
  notoFace('Oriya', 'noto-sans-oriya', 'NotoSansOriya'),
  notoFace('Tamil', 'noto-sans-tamil', 'NotoSansTamil'),
  notoFace('Telugu', 'noto-sans-telugu', 'NotoSansTelugu'),
  notoFace('Kannada', 'noto-sans-kannada', 'NotoSansKannada'),
  notoFace('Malayalam', 'noto-sans-malayalam', 'NotoSansMalayalam'),
  notoFace('Ol_Chiki', 'noto-sans-ol-chiki', 'NotoSansOlChiki'),
  notoFace('Meetei_Mayek', 'noto-sans-meetei-mayek', 'NotoSansMeeteiMayek'),
  // Perso-Arabic (Urdu, Kashmiri, Sindhi). Shaped right to left by fontkit, which returns the run's
  // glyphs in visual order, so a name drawn inside a left-to-right line reads right.
  notoFace('Arabic', 'noto-naskh-arabic', 'NotoNaskhArabic', /[\p{Script=Latin}₹]/u),
  // The fallback: Greek, Cyrillic and the Latin letters the Devanagari face lacks.
  notoFace(/[\p{Script=Greek}\p{Script=Cyrillic}]|(?=\p{Script=Latin})[^\u0000-\u024f]/u, 'noto-sans', 'NotoSans'),
] as const;

/** The face for text with no letters of another Indian script. */
export const DEFAULT_FACE: Face = FACES[0];

export interface FaceRun {
  face: Face;
  text: string;
}

/**
 * Cuts text into runs that each need one face. Every Indic face also has Latin, digits,
 * punctuation and ₹, so only a letter of another script switches face; anything else (spaces,
 * digits, Latin, marks shared between scripts) stays in the current run, so a cluster stays in one
 * font, unless the current face lacks it (Latin after Arabic goes back to the default face).
 * Letters of a script none of the faces covers (CJK, emoji) stay in the current face and show as
 * its missing-glyph box; the line's ActualText still carries them (pdf-text-writer.ts).
 */
export function splitByFace(text: string): FaceRun[] {
  const runs: FaceRun[] = [];
  let current: FaceRun = { face: DEFAULT_FACE, text: '' };
  for (const char of text) {
    const face =
      FACES.find((candidate) => candidate.pattern.test(char)) ??
      ((current.face as ScriptFace).lacks?.test(char) ? DEFAULT_FACE : undefined);
    if (face && face !== current.face) {
      if (current.text) runs.push(current);
      current = { face, text: '' };
    }
    current.text += char;
  }
  if (current.text) runs.push(current);
  // The spaces after a right-to-left run belong between it and what follows, not inside it.
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    const trailing = run.face.rtl ? /\s+$/u.exec(run.text)?.[0] : undefined;
    if (!trailing || trailing === run.text) continue;
    run.text = run.text.slice(0, -trailing.length);
    const next = runs[i + 1];
    if (next && !next.face.rtl) next.text = trailing + next.text;
    else runs.splice(i + 1, 0, { face: DEFAULT_FACE, text: trailing });
  }
  return runs;
}
