/**
 * The characters the committed table covers: printable ASCII plus the symbols and letters that
 * turn up in component values, net names and notes.
 */
export function calibrationChars(): string[] {
  const ascii = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
  const extra = [
    ..."µμΩΩ°±≥≤×÷·–—…²³½¼¾∞≈≠Δπ√→←↑↓€£¥©®™‰αβγδεθλσφωηρτ",
    ..."éèêëáàâäåçíìîïóòôöøúùûüñßÄÖÜÅ",
  ];
  return [...ascii, ...extra];
}
