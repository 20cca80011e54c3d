// Types for subset-font (it ships none): the one call the build makes (variationAxes pins an axis, as an instance).
declare module 'subset-font' {
  export default function subsetFont(font: Buffer, text: string, options?: { targetFormat?: 'woff2' | 'woff' | 'sfnt' | 'truetype'; variationAxes?: Record<string, number> }): Promise<Buffer>;
}
