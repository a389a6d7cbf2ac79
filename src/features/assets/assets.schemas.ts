import { z } from "zod";
import { ASSET_NAME_MAX, FOLDER_NAME_MAX } from "./assets";

/** The library's request bodies (server side: browser code reaches no zod). */
export const FolderNameSchema = z.string().trim().min(1).max(FOLDER_NAME_MAX);
export const AssetNameSchema = z.string().trim().min(1).max(ASSET_NAME_MAX);
const Id = z.coerce.number().int().min(1).max(2_147_483_647);

export const CreateFolderSchema = z.object({ ParentId: Id, Name: FolderNameSchema });
export const RenameFolderSchema = z.object({ FolderId: Id, Name: FolderNameSchema });
export const MoveFolderSchema = z.object({ FolderId: Id, ParentId: Id });
export const DeleteFolderSchema = z.object({ FolderId: Id });
