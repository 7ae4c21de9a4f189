/**
 * Makes an API key for a plant system and shows it once: the server keeps only a hash, so the box with
 * the key and its Copy button is the only chance to take it. Done reloads the page (the list then shows
 * the new key by its prefix). Renders the same on the server and on the first client render.
 */
import { type FormEvent, useEffect, useState } from "react";
import { api, ApiError } from "../runtime/api.ts";
import { toast } from "../runtime/toast.ts";
import { Button } from "../ui/Button.tsx";
import { describedBy, Field, TextInput } from "../ui/Field.tsx";

export interface ApiKeyCreateProps {
  /** the CreateApiKey endpoint */
  url: string;
  maxLength: number;
}

interface Created {
  name: string;
  key: string;
}

const NAME_ID = "api-key-name";
const HELP = "The system that will use the key, e.g. Scale 1 or Grading camera.";

export default function ApiKeyCreate({ url, maxLength }: ApiKeyCreateProps) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !name.trim()) return;
    setBusy(true);
    setError(undefined);
    try {
      setCreated(await api<Created>("POST", url, { name: name.trim() }));
      setName("");
    } catch (err) {
      if (err instanceof ApiError) setError(err.fieldMessages().name);
    } finally {
      setBusy(false);
    }
  };

  const copy = async (key: string) => {
    try {
      await navigator.clipboard.writeText(key);
      toast("success", "The key was copied.");
    } catch {
      // no clipboard (an older browser, a page not served over https): the key can still be selected
      toast("warning", "Select the key and copy it by hand.");
    }
  };

  if (created) {
    return (
      <div className="banner banner-warning" role="status" data-api-key-created>
        <p>
          The key for <strong>{created.name}</strong>. Copy it into the system now:{" "}
          <strong>it will not be shown again.</strong>
        </p>
        <p>
          <code data-api-key>{created.key}</code>
        </p>
        <p className="inline-form">
          <Button variant="primary" onClick={() => void copy(created.key)}>Copy</Button>
          <Button onClick={() => globalThis.location?.reload()}>Done</Button>
        </p>
      </div>
    );
  }
  return (
    <form className="form" onSubmit={create} aria-label="New API key" aria-busy={busy || undefined}>
      <Field id={NAME_ID} label="Name" required help={HELP} error={error} labelWidth="8rem">
        <TextInput
          id={NAME_ID}
          name="name"
          value={name}
          onValue={(v) => {
            setName(v.slice(0, maxLength));
            setError(undefined);
          }}
          required
          invalid={Boolean(error)}
          describedBy={describedBy(NAME_ID, HELP, error)}
          autoComplete="off"
        />
      </Field>
      <Button type="submit" variant="primary" busy={busy} disabled={!hydrated || !name.trim()}>
        Create key
      </Button>
    </form>
  );
}
