/** The selected section's options and the layout's fifteen settings (spec 3 §3), each a plain control. */
import type { LayoutNode, LayoutSettings, SectionOptions } from "../../../reports/roi/model.ts";

const SECTION_OPTIONS: { key: Exclude<keyof SectionOptions, "fontAdjust">; label: string }[] = [
  { key: "isIncludeTotals", label: "Show a total row" },
  { key: "isHideItems", label: "Hide its items (one row of totals)" },
  { key: "isForceBold", label: "Bold" },
  { key: "isItalic", label: "Italic" },
  { key: "isHeadingWithoutContent", label: "Show the heading even when empty" },
];

const SETTINGS: { key: Exclude<keyof LayoutSettings, "fontAdjust">; label: string }[] = [
  { key: "isTotalCreditDebit", label: "Total credit and debit" },
  { key: "isIncludeBottomLine", label: "Bottom line" },
  { key: "isIncludeTotalColumn", label: "Total column" },
  { key: "useSubTotalLabels", label: "Label section totals “Subtotal”" },
  { key: "useVarianceColumns", label: "Variance columns" },
  { key: "isVarianceAsPercent", label: "Variance as a percent" },
  { key: "isHideBudgetColumns", label: "Hide budget columns" },
  { key: "isDebitSectionNegative", label: "Show debits as negative" },
  { key: "isShadeTotalRows", label: "Shade total rows" },
  { key: "isNegativesRed", label: "Negatives in red" },
  { key: "isUseTotalsLines", label: "Lines above totals" },
  { key: "isUseVarianceColumnLines", label: "Lines before variance columns" },
  { key: "isUseColumnLines", label: "Column lines" },
  { key: "isUseRowLines", label: "Row lines" },
];

export function SectionPanel(
  { node, onRename, onOption }: {
    node: LayoutNode;
    onRename: (displayName: string) => void;
    onOption: (options: SectionOptions) => void;
  },
) {
  const o = node.options;
  return (
    <fieldset className="roi-options">
      <legend>Section: {node.displayName}</legend>
      <label className="field">
        <span>Name</span>
        <input
          key={node.name}
          defaultValue={node.displayName}
          maxLength={120}
          onBlur={(e) =>
            e.target.value.trim() && e.target.value !== node.displayName && onRename(e.target.value.trim())}
        />
      </label>
      {SECTION_OPTIONS.map(({ key, label }) => (
        <label key={key} className="check">
          <input
            type="checkbox"
            checked={o[key]}
            onChange={(e) => onOption({ ...o, [key]: e.target.checked })}
          />
          {label}
        </label>
      ))}
      <FontAdjust
        value={o.fontAdjust}
        onChange={(fontAdjust) => onOption({ ...o, fontAdjust })}
        id={`font-${node.name}`}
      />
    </fieldset>
  );
}

export function SettingsPanel(
  { settings, onChange }: { settings: LayoutSettings; onChange: (s: LayoutSettings) => void },
) {
  return (
    <fieldset className="roi-options roi-settings">
      <legend>Layout settings</legend>
      {SETTINGS.map(({ key, label }) => (
        <label key={key} className="check">
          <input
            type="checkbox"
            checked={settings[key]}
            onChange={(e) => onChange({ ...settings, [key]: e.target.checked })}
          />
          {label}
        </label>
      ))}
      <FontAdjust
        value={settings.fontAdjust}
        onChange={(fontAdjust) => onChange({ ...settings, fontAdjust })}
        id="font-layout"
      />
    </fieldset>
  );
}

function FontAdjust({ value, onChange, id }: { value: number; onChange: (v: number) => void; id: string }) {
  return (
    <label className="field field-inline" htmlFor={id}>
      <span>Font size adjustment</span>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {[-4, -3, -2, -1, 0, 1, 2, 3, 4].map((v) => <option key={v} value={v}>{v > 0 ? `+${v}` : v}</option>)}
      </select>
    </label>
  );
}
