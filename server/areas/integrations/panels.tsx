/** What other areas' screens show of Plant integrations as it is: the interchange client card. */
export { ClientCard } from "./pages/Interchange.tsx";
