// The typefaces statements are set in, and which one each piece of text needs. Noto Sans
// Devanagari (static TrueType, SIL Open Font License 1.1) sets everything by default: Latin,
// digits, the rupee sign and Hindi. A name in another Indian script is set in that script's Noto
// Sans face, which shares the Latin design, so a mixed line still looks like one typeface.
// Static TTFs because pdfkit cannot subset the repo's variable WOFF2 web fonts (their glyphs come
// out empty).
import { createRequire } from 'node:module';

export type FontWeight = 'regular' | 'semibold';

export interface Face {
  /** The TrueType file of this face in the given weight. */
  file(weight: FontWeight): string;
}

interface ScriptFace extends Face {
  /** Matches a letter of the script this face is chosen for. */
  pattern: RegExp;
}

const WEIGHT_DIRS: Record<FontWeight, string> = { regular: '400Regular', semibold: '600SemiBold' };
const require = createRequire(import.meta.url);

function notoFace(script: string, packageName: string, fileStem: string): ScriptFace {
  // Resolved once: text is measured and drawn font by font, thousands of times per statement.
  const files = new Map<FontWeight, string>();
  return {
    pattern: new RegExp(`\\p{Script=${script}}`, 'u'),
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
] as const;

/** The face for text with no letters of another Indian script. */
export const DEFAULT_FACE: Face = FACES[0];

export interface FaceRun {
  face: Face;
  text: string;
}

/**
 * Cuts text into runs that each need one face. Every face also has Latin, digits, punctuation and
 * ₹, so only a character of an Indian script switches face; anything else (spaces, digits, Latin,
 * marks shared between scripts) stays in the current run, so a cluster stays in one font. Letters of a
 * script none of the faces covers (Arabic, CJK) stay in the current face and show as its
 * missing-glyph box; the line's ActualText still carries them (pdf-text-writer.ts).
 */
export function splitByFace(text: string): FaceRun[] {
  const runs: FaceRun[] = [];
  let current: FaceRun = { face: DEFAULT_FACE, text: '' };
  for (const char of text) {
    const face = FACES.find((candidate) => candidate.pattern.test(char));
    if (face && face !== current.face) {
      if (current.text) runs.push(current);
      current = { face, text: '' };
    }
    current.text += char;
  }
  if (current.text) runs.push(current);
  return runs;
}
