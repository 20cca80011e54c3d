// The first paint's CSS: rules for classes the page does not carry go, everything else stays.
import { describe, expect, it } from 'vitest';
import { classesInHtml, criticalCss } from './critical-css.ts';

const CSS = [
  '@layer theme, base, components, utilities;',
  '@font-face{font-family:"Inter Variable";src:url(/assets/inter.woff2) format("woff2")}',
  '@property --tw-shadow{syntax:"*";inherits:false}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '@layer base{*,:before{box-sizing:border-box}body{margin:0}.high-contrast a{text-decoration:underline}}',
  '@layer utilities{.flex{display:flex}.grid{display:grid}.hover\\:bg-muted:hover{background:gray}.w-\\[min\\(20rem\\,86vw\\)\\]{width:min(20rem,86vw)}',
  '.\\32 xl\\:p-4{padding:1rem}.a.b{color:red}.a .missing{color:blue}.missing,.flex>.a{order:1}',
  '.x\\:where:where(.flex,.other){color:green}.lang-x:is(.nothing){color:pink}',
  '@media (min-width:40rem){.sm\\:grid{display:grid}.sm\\:flex{display:flex}}@media print{.print\\:hidden{display:none}}}',
  '[dir=rtl] .tabular{direction:ltr}.content\\:\\[\\"\\{\\"\\]:before{content:"{"}',
].join('');

describe('critical CSS', () => {
  const html = '<html class="x"><body class="flex"><div class="hover:bg-muted w-[min(20rem,86vw)] 2xl:p-4 a b x:where lang-x sm:flex tabular"></div><svg class="content:[&quot;{&quot;]"></svg></body></html>';
  const classes = classesInHtml(html);
  const out = criticalCss(CSS, classes);

  it('reads the classes of every element, entities decoded', () => {
    expect([...classes]).toEqual(expect.arrayContaining(['x', 'flex', 'hover:bg-muted', 'w-[min(20rem,86vw)]', '2xl:p-4', 'sm:flex', 'content:["{"]']));
  });

  it('keeps the rules whose classes are on the page, however escaped', () => {
    for (const rule of ['.flex{display:flex}', '.hover\\:bg-muted:hover{', '.w-\\[min\\(20rem\\,86vw\\)\\]{', '.\\32 xl\\:p-4{', '.a.b{color:red}', '.sm\\:flex{display:flex}', '.content\\:\\[\\"\\{\\"\\]:before{content:"{"}']) {
      expect(out, rule).toContain(rule);
    }
  });

  it('keeps what names no class, what it cannot judge inside brackets, at-rules, and the accessibility classes', () => {
    for (const rule of ['@layer theme, base, components, utilities;', '@font-face{', '@property --tw-shadow{', '@keyframes spin{', '*,:before{box-sizing:border-box}', 'body{margin:0}', '.high-contrast a{', '.x\\:where:where(.flex,.other){', '.lang-x:is(.nothing){', '[dir=rtl] .tabular{', '.missing,.flex>.a{order:1}']) {
      expect(out, rule).toContain(rule);
    }
  });

  it('drops rules for classes the page does not carry, and groups left empty', () => {
    for (const gone of ['.grid{display:grid}', '.a .missing{', '.sm\\:grid{', '@media print']) expect(out, gone).not.toContain(gone);
    expect(out).toContain('@media (min-width:40rem){.sm\\:flex{display:flex}}');
  });

  it('hands back the whole stylesheet when it cannot read it', () => {
    expect(criticalCss('.a{color:red', new Set())).toBe('.a{color:red');
  });
});
