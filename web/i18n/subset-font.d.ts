// Types for subset-font (it ships none): the one call the build makes.
declare module 'subset-font' {
  export default function subsetFont(font: Buffer, text: string, options?: { targetFormat?: 'woff2' | 'woff' | 'sfnt' | 'truetype' }): Promise<Buffer>;
}
