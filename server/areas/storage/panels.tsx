/** What other areas' screens show of Files & publishing as it is: the whole screen (the /tester files tab). */
export { FilesScreen } from "./pages/Files.tsx";
