import { z } from "zod";
import { contentEditor } from "~/features/customers/customers.server";
import { defineEndpoint } from "~/server/http/endpoint";
import { ApiError, errorBody } from "~/server/http/errors";
import { DEFAULT_TREE_DEPTH, MAX_FILE_BYTES, parseCrop, TMP_NAME } from "./assets";
import { CreateFolderSchema, DeleteFolderSchema, MoveFolderSchema, RenameFolderSchema } from "./assets.schemas";
import {
  asset,
  assetJson,
  createFolder,
  cropUpload,
  deleteAsset,
  deleteFolder,
  type FolderNode,
  folderTree,
  moveFolder,
  receiveUploads,
  renameFolder,
  uploadResponse,
} from "./assets.server";

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const TAGS = ["assets library"];

const FolderSchema: z.ZodType<FolderNode> = z.lazy(() =>
  z.object({
    FolderId: z.number(),
    Name: z.string(),
    ItemLevel: z.number(),
    HasChildren: z.boolean(),
    Children: z.array(FolderSchema),
  }),
);

export const hierarchy = defineEndpoint({
  method: "get",
  path: "/assetslibrary/folders/hierarchy",
  summary: "Editors: the folder tree from a folder (the root when absent), `depth` levels of children (1 by default)",
  tags: TAGS,
  query: z.object({
    folderId: Id.optional(),
    depth: z.coerce.number().int().min(0).max(20).default(DEFAULT_TREE_DEPTH),
  }),
  response: FolderSchema,
  auth: true,
  run: async ({ session, query }) => {
    await contentEditor(session);
    return folderTree(query.folderId, query.depth);
  },
});

export const createFolderEndpoint = defineEndpoint({
  method: "post",
  path: "/assetslibrary/folders",
  summary: "Editors: a new folder under `ParentId` (409 when a sibling has that name)",
  tags: TAGS,
  body: CreateFolderSchema,
  response: z.object({ FolderId: z.number() }),
  auth: true,
  run: async ({ session, body }) => {
    await contentEditor(session);
    return { FolderId: await createFolder(body.ParentId, body.Name) };
  },
});

export const renameFolderEndpoint = defineEndpoint({
  method: "post",
  path: "/assetslibrary/folders/rename",
  summary: "Editors: rename a folder",
  tags: TAGS,
  body: RenameFolderSchema,
  response: z.object({ FolderId: z.number() }),
  auth: true,
  run: async ({ session, body }) => {
    await contentEditor(session);
    await renameFolder(body.FolderId, body.Name);
    return { FolderId: body.FolderId };
  },
});

export const moveFolderEndpoint = defineEndpoint({
  method: "post",
  path: "/assetslibrary/folders/move",
  summary: "Editors: move a folder and its subtree under another (never the root, never into itself: 422)",
  tags: TAGS,
  body: MoveFolderSchema,
  response: z.object({ FolderId: z.number() }),
  auth: true,
  run: async ({ session, body }) => {
    await contentEditor(session);
    await moveFolder(body.FolderId, body.ParentId);
    return { FolderId: body.FolderId };
  },
});

export const deleteFolderEndpoint = defineEndpoint({
  method: "post",
  path: "/assetslibrary/folders/delete",
  summary: "Editors: delete an empty folder (409 FolderNotEmpty while it holds assets or folders); answers its parent",
  tags: TAGS,
  body: DeleteFolderSchema,
  response: z.object({ ParentId: z.number().nullable() }),
  auth: true,
  run: async ({ session, body }) => {
    await contentEditor(session);
    return { ParentId: await deleteFolder(body.FolderId) };
  },
});

export const assetEndpoint = defineEndpoint({
  method: "get",
  path: "/assetslibrary/assets/:id",
  summary: "Editors: one asset (Width, Height, Name, Uri and the rest)",
  tags: TAGS,
  params: z.object({ id: Id }),
  auth: true,
  response: z.object({
    AssetId: z.number(),
    Guid: z.string(),
    FolderId: z.number(),
    Name: z.string(),
    OriginalFileName: z.string(),
    FileType: z.enum(["Image", "File"]),
    MimeType: z.string(),
    Width: z.number(),
    Height: z.number(),
    Size: z.number(),
    Uri: z.string(),
    CreatedAt: z.string(),
  }),
  run: async ({ session, params }) => {
    await contentEditor(session);
    return assetJson(await asset(params.id));
  },
});

export const deleteAssetEndpoint = defineEndpoint({
  method: "post",
  path: "/assetslibrary/assets/delete",
  summary: "Editors: delete an asset the catalogue does not show (409 AssetInUse); answers its folder",
  tags: TAGS,
  body: z.object({ AssetId: Id }),
  response: z.object({ FolderId: z.number() }),
  auth: true,
  run: async ({ session, body }) => {
    await contentEditor(session);
    return { FolderId: await deleteAsset(body.AssetId) };
  },
});

const UploadedSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  fileType: z.enum(["Image", "File"]).optional(),
  thumbnail_url: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  size: z.number().optional(),
  tmpName: z.string().optional(),
  Error: z.string().optional(),
});

export const upload = defineEndpoint({
  method: "post",
  path: "/assetslibrary/assets/upload",
  summary:
    "Editors: multipart upload (field `files`, at most 10 files, 10 MB each, 25 MB in all). Types are checked by content, images re-encoded; each answer is { fileType, name, thumbnail_url, width, height, tmpName } or { name, Error }; 422 when every file is refused",
  tags: TAGS,
  query: z.object({
    crop: z.string().max(20).optional(),
    fileType: z.enum(["Image", "File"]).optional(),
    maxFileSize: z.coerce.number().int().min(1).max(MAX_FILE_BYTES).optional(),
  }),
  response: z.array(UploadedSchema),
  auth: true,
  multipart: true,
  run: async ({ session, query, request, culture, clientIp }) => {
    const editor = await contentEditor(session);
    if (!request) throw new ApiError("UnsupportedMediaType");
    return receiveUploads(request, { id: editor.id, clientIp }, culture, {
      crop: parseCrop(query.crop),
      imagesOnly: query.fileType === "Image",
      maxFileBytes: query.maxFileSize ?? MAX_FILE_BYTES,
    });
  },
});

export const uploadPreview = defineEndpoint({
  method: "get",
  path: "/assetslibrary/uploads/:tmpName",
  summary: "Editors: the file of one of their uploads waiting for its crop or form (another editor's: 404)",
  tags: TAGS,
  params: z.object({ tmpName: z.string().regex(TMP_NAME) }),
  auth: true,
  answers: "image/*",
  run: async ({ session, params }) => uploadResponse(params.tmpName, (await contentEditor(session)).id),
});

/** Coordinates from cropperjs: decimals, possibly below zero (clamped by the rule, spec 000 section 5). */
const Coordinate = z.coerce.number().min(-100_000).max(100_000);
const CropSize = z.coerce.number().int().min(1).max(5000);

export const cropTempImage = defineEndpoint({
  // A POST although spec 000 shows a GET: it writes a file, and a GET passes no origin check (decision 054).
  method: "post",
  path: "/assetslibrary/croptempimg/:tmpName/:x/:y/:w/:h/:cropWidth/:cropHeight",
  summary:
    "Editors: crop an uploaded image (after `rotate` degrees, quarter turns) to cropWidth × cropHeight; the original goes unless keepOriginal=true. Also at /assets/croptempimg/... (spec 000). A failure carries Error",
  tags: TAGS,
  params: z.object({
    tmpName: z.string().regex(TMP_NAME),
    x: Coordinate,
    y: Coordinate,
    w: Coordinate,
    h: Coordinate,
    cropWidth: CropSize,
    cropHeight: CropSize,
  }),
  query: z.object({
    keepOriginal: z.enum(["true", "false"]).optional(),
    rotate: z.coerce.number().int().min(-3600).max(3600).default(0),
  }),
  response: UploadedSchema,
  auth: true,
  run: async ({ session, params, query, culture, clientIp }) => {
    const editor = await contentEditor(session);
    try {
      return await cropUpload(
        params.tmpName,
        { id: editor.id, clientIp },
        {
          x: params.x,
          y: params.y,
          w: params.w,
          h: params.h,
          cropWidth: params.cropWidth,
          cropHeight: params.cropHeight,
          rotate: query.rotate,
          keepOriginal: query.keepOriginal === "true",
        },
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // Spec 000: the answer carries Error, which the widget shows.
      const body = errorBody(error, culture);
      const reason =
        error.code === "CropRefused" && error.messageKey
          ? `${body.Message} ${params.cropWidth} × ${params.cropHeight} px`
          : body.Message;
      return new Response(JSON.stringify({ ...body, Error: reason }), {
        status: error.status,
        headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
  },
});
