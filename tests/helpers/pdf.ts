/** A PDF's text as poppler's pdftotext reads it (layout kept, so a table row stays on one line). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const file = await Deno.makeTempFile({ suffix: ".pdf" });
  try {
    await Deno.writeFile(file, bytes);
    const out = await new Deno.Command("pdftotext", { args: ["-layout", file, "-"] }).output();
    if (!out.success) throw new Error(`pdftotext failed: ${new TextDecoder().decode(out.stderr)}`);
    return new TextDecoder().decode(out.stdout);
  } finally {
    await Deno.remove(file);
  }
}
