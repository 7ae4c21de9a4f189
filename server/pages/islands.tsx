/**
 * The islands, registered once with typed wrappers: a page writes `<DataForm {...props} />` and gets
 * the component rendered on the server inside the marker the browser hydrates. The name is the
 * registry's (client/islands/registry.ts), so a page cannot misname an island or pass it wrong props.
 */
import type { ComponentType } from "react";
import type { IslandName } from "../../client/islands/registry.ts";
import DataFormComponent from "../../client/islands/DataForm.tsx";
import ActionButtonComponent from "../../client/islands/ActionButton.tsx";
import OrderFormComponent from "../../client/islands/OrderForm.tsx";
import PricingGridEditorComponent from "../../client/islands/PricingGridEditor.tsx";
import PenLayoutEditorComponent from "../../client/islands/PenLayoutEditor.tsx";
import YardBoardComponent from "../../client/islands/YardBoard.tsx";
import KillAgendaDayComponent from "../../client/islands/KillAgendaDay.tsx";
import KillAgendaPlannerComponent from "../../client/islands/KillAgendaPlanner.tsx";
import ApiKeyCreateComponent from "../../client/islands/ApiKeyCreate.tsx";
import CarcassUploadComponent from "../../client/islands/CarcassUpload.tsx";
import InvoiceListComponent from "../../client/islands/InvoiceList.tsx";
import InvoiceEditorComponent from "../../client/islands/InvoiceEditor.tsx";
import SkinCountSheetComponent from "../../client/islands/SkinCountSheet.tsx";
import BlobUploadComponent from "../../client/islands/BlobUpload.tsx";
import LogoUploadComponent from "../../client/islands/LogoUpload.tsx";
import InitialLoadComponent from "../../client/islands/InitialLoad.tsx";
import YieldReprocessComponent from "../../client/islands/YieldReprocess.tsx";
import YieldCustomTabsComponent from "../../client/islands/YieldCustomTabs.tsx";
import YieldCartonUploadComponent from "../../client/islands/YieldCartonUpload.tsx";
import OrderReportSaveFilterComponent from "../../client/islands/OrderReportSaveFilter.tsx";
import BoxingPickerComponent from "../../client/islands/BoxingPicker.tsx";
import NvdUploadComponent from "../../client/islands/NvdUpload.tsx";
import ScheduleBuilderComponent from "../../client/islands/ScheduleBuilder.tsx";
import RoiLayoutEditorComponent from "../../client/islands/RoiLayoutEditor.tsx";
import RoiWizardComponent from "../../client/islands/RoiWizard.tsx";
import RoiWizardListComponent from "../../client/islands/RoiWizardList.tsx";
import DemoDataLoadComponent from "../../client/islands/DemoDataLoad.tsx";
import SalesOrderEditorComponent from "../../client/islands/SalesOrderEditor.tsx";
import PaymentRunsComponent from "../../client/islands/PaymentRuns.tsx";
import { Island } from "./Island.tsx";

function island<P extends object>(name: IslandName, component: ComponentType<P>) {
  const Wrapped = (props: P) => <Island name={name} component={component} props={props} />;
  Wrapped.displayName = `${name}Island`;
  return Wrapped;
}

export const DataForm = island("DataForm", DataFormComponent);
export const ActionButton = island("ActionButton", ActionButtonComponent);
export const OrderForm = island("OrderForm", OrderFormComponent);
export const PricingGridEditor = island("PricingGridEditor", PricingGridEditorComponent);
export const PenLayoutEditor = island("PenLayoutEditor", PenLayoutEditorComponent);
export const YardBoard = island("YardBoard", YardBoardComponent);
export const KillAgendaDay = island("KillAgendaDay", KillAgendaDayComponent);
export const KillAgendaPlanner = island("KillAgendaPlanner", KillAgendaPlannerComponent);
export const ApiKeyCreate = island("ApiKeyCreate", ApiKeyCreateComponent);
export const CarcassUpload = island("CarcassUpload", CarcassUploadComponent);
export const InvoiceList = island("InvoiceList", InvoiceListComponent);
export const InvoiceEditor = island("InvoiceEditor", InvoiceEditorComponent);
export const SkinCountSheet = island("SkinCountSheet", SkinCountSheetComponent);
export const BlobUpload = island("BlobUpload", BlobUploadComponent);
export const LogoUpload = island("LogoUpload", LogoUploadComponent);
export const InitialLoad = island("InitialLoad", InitialLoadComponent);
export const YieldReprocess = island("YieldReprocess", YieldReprocessComponent);
export const YieldCustomTabs = island("YieldCustomTabs", YieldCustomTabsComponent);
export const YieldCartonUpload = island("YieldCartonUpload", YieldCartonUploadComponent);
export const OrderReportSaveFilter = island("OrderReportSaveFilter", OrderReportSaveFilterComponent);
export const BoxingPicker = island("BoxingPicker", BoxingPickerComponent);
export const NvdUpload = island("NvdUpload", NvdUploadComponent);
export const ScheduleBuilder = island("ScheduleBuilder", ScheduleBuilderComponent);
export const RoiLayoutEditor = island("RoiLayoutEditor", RoiLayoutEditorComponent);
export const RoiWizard = island("RoiWizard", RoiWizardComponent);
export const RoiWizardList = island("RoiWizardList", RoiWizardListComponent);
export const DemoDataLoad = island("DemoDataLoad", DemoDataLoadComponent);
export const SalesOrderEditor = island("SalesOrderEditor", SalesOrderEditorComponent);
export const PaymentRuns = island("PaymentRuns", PaymentRunsComponent);
