/**
 * The rules across a definition's fields (pure, shared by the API and the wizard): ExternalSource is never
 * a line's source, the period and each column end on or after they start, a budget column names a data
 * column, a typed value names a column, an operator names another line and no line reads itself through
 * others, a group names a groupable column.
 */
import { operatorOrder } from "../../../../reports/roi/engine.ts";
import {
  LINE_OPERATOR,
  type ReportColumn,
  type ReportLine,
  SOURCE_CATEGORY,
} from "../../../../reports/roi/model.ts";

export interface Problem {
  field: string;
  message: string;
}

interface Checked {
  startDate: number;
  endDate: number;
  isIncludeBudgetColumns: boolean;
  columns: ReportColumn[];
  reportDataLines: ReportLine[];
}

export function definitionProblems(def: Checked): Problem[] {
  const problems: Problem[] = [];
  if (def.endDate < def.startDate) {
    problems.push({ field: "endDate", message: "The report ends before it starts." });
  }
  const ids = new Set<string>();
  def.columns.forEach((c, i) => {
    if (ids.has(c.id)) {
      problems.push({ field: `columns.${i}.id`, message: `Two columns have the id ${c.id}.` });
    }
    ids.add(c.id);
    if (c.endDate < c.startDate) {
      problems.push({ field: `columns.${i}.endDate`, message: `Column "${c.name}" ends before it starts.` });
    }
  });
  const dataIds = new Set(def.columns.filter((c) => c.budgetForId === null).map((c) => c.id));
  def.columns.forEach((c, i) => {
    if (c.budgetForId !== null && !dataIds.has(c.budgetForId)) {
      problems.push({
        field: `columns.${i}.budgetForId`,
        message: `Budget column "${c.name}" must name one of the report's period columns.`,
      });
    }
  });
  const lineIds = new Set<string>();
  def.reportDataLines.forEach((l, i) => {
    const at = (f: string) => `reportDataLines.${i}.${f}`;
    if (lineIds.has(l.lineId)) {
      problems.push({ field: at("lineId"), message: `Two lines have the id ${l.lineId}.` });
    }
    lineIds.add(l.lineId);
    if (l.category === SOURCE_CATEGORY.ExternalSource) {
      problems.push({
        field: at("category"),
        message: `Line "${l.displayName}": external sources cannot be used in a report.`,
      });
    }
    if (l.category !== SOURCE_CATEGORY.ManualInput && !l.sourceColumn && l.operator === LINE_OPERATOR.Value) {
      problems.push({
        field: at("sourceColumn"),
        message: `Line "${l.displayName}": choose the value it reads.`,
      });
    }
    for (const v of [...l.values, ...(l.budget.kind === "typed" ? l.budget.values : [])]) {
      if (!ids.has(v.reportColumnId)) {
        problems.push({
          field: at("values"),
          message: `Line "${l.displayName}" has a value for a column the report does not have.`,
        });
        break;
      }
    }
  });
  def.reportDataLines.forEach((l, i) => {
    if (l.operator === LINE_OPERATOR.Value) return;
    if (!l.operatorLineId || !lineIds.has(l.operatorLineId) || l.operatorLineId === l.lineId) {
      problems.push({
        field: `reportDataLines.${i}.operatorLineId`,
        message: `Line "${l.displayName}": choose another line of the report to combine it with.`,
      });
    }
  });
  if (!problems.length && operatorOrder(def.reportDataLines) === null) {
    problems.push({
      field: "reportDataLines",
      message: "Lines combine with each other in a circle: break the circle.",
    });
  }
  return problems;
}
