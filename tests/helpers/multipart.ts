/** A part of a multipart form: a text field, or a file with its name and media type. */
export interface FormPart {
  name: string;
  value: string | { bytes: Buffer; fileName: string; type: string };
}

/** Encodes a form the way a browser does, through the platform's own FormData. */
export async function multipart(parts: FormPart[]) {
  const form = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string') form.append(part.name, part.value);
    else
      form.append(
        part.name,
        new Blob([new Uint8Array(part.value.bytes)], { type: part.value.type }),
        part.value.fileName,
      );
  }
  const encoded = new Response(form);
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}
