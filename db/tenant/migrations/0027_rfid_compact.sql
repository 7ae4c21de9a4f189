-- an NLIS tag looked up whole (Find) however it was spaced when stored (drizzle-kit 0.31 splits an
-- expression index at its commas: written by hand)
CREATE INDEX `carcasses_rfid_compact` ON `carcasses` (replace(replace("rfid", ' ', ''), '-', ''));
