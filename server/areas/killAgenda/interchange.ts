/**
 * The seam to the plant's own systems (kill floor, grading, labelling): they take the day's agenda as a
 * document. The default drops it as a JSON file in `PLANT_INTERCHANGE_DIR` (one file per agenda, replaced
 * when sent again), the way plant systems commonly pick files up; an installation with an API-based
 * interchange supplies another `PlantInterchange`.
 */
import { join } from "node:path";

export interface AgendaDocument {
  tenantId: number;
  productionDate: string;
  species: string;
  siteName: string;
  killFloor: string | null;
  revision: number;
  lots: {
    killOrder: number;
    lot: string;
    suffix: string;
    livestockOrderId: number;
    stockMobId: number | null;
    supplier: string;
    pic: string;
    head: number;
    msaEligible: boolean;
    /** the boxed lot it is killed in with other orders (their lots stand together), or null */
    boxedLotRef: string | null;
  }[];
}

export type InterchangeResult = { ok: true; reference: string } | { ok: false; message: string };

export interface PlantInterchange {
  send(agenda: AgendaDocument, name: string): Promise<InterchangeResult>;
}

/** Writes the agenda as `<name>.json` into a folder the plant's systems read. */
export class FileDropInterchange implements PlantInterchange {
  constructor(private readonly folder: string) {}

  async send(agenda: AgendaDocument, name: string): Promise<InterchangeResult> {
    try {
      await Deno.mkdir(this.folder, { recursive: true });
      const path = join(this.folder, `${name}.json`);
      const temp = `${path}.part`;
      // written whole, then renamed: a system polling the folder never reads half a file
      await Deno.writeTextFile(temp, JSON.stringify(agenda, null, 2));
      await Deno.rename(temp, path);
      return { ok: true, reference: `${name}.json` };
    } catch (error) {
      return { ok: false, message: `The plant's folder could not be written (${(error as Error).name}).` };
    }
  }
}
