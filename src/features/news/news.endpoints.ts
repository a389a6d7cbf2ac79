import { z } from "zod";
import { editorEndpoints } from "~/features/content/editor-endpoints.server";
import { contentEditor } from "~/features/customers/customers.server";
import { defineEndpoint } from "~/server/http/endpoint";
import { NewsCategoryInputSchema, NewsInputSchema } from "./news.schemas";
import {
  createNewsCategory,
  deleteNews,
  editorNews,
  editorNewsList,
  newsCategories,
  publishNews,
  saveNews,
} from "./news.server";

const news = editorEndpoints("/content/news", "news item", NewsInputSchema, {
  list: editorNewsList,
  get: editorNews,
  save: saveNews,
  publish: publishNews,
  remove: deleteNews,
});

export const listNews = news.list;
export const getNews = news.get;
export const createNews = news.create;
export const updateNewsEndpoint = news.update;
export const publishNewsEndpoint = news.publish;
export const deleteNewsEndpoint = news.remove;

const CategorySchema: z.ZodType = z.lazy(() =>
  z.object({ id: z.number(), parentId: z.number().nullable(), name: z.string(), children: z.array(CategorySchema) }),
);

export const categories = defineEndpoint({
  method: "get",
  path: "/news/categories",
  summary: "The news categories as a tree, named in the request's culture",
  tags: ["news"],
  response: z.array(CategorySchema),
  public: true,
  cache: "public, max-age=60",
  run: ({ culture }) => newsCategories(culture),
});

export const createCategory = defineEndpoint({
  method: "post",
  path: "/content/newscategories",
  summary: "Editors: a new news category (under `ParentId` when given), named per culture",
  tags: ["content"],
  body: NewsCategoryInputSchema,
  response: z.object({ Id: z.number() }),
  auth: true,
  run: async ({ session, body }) => {
    await contentEditor(session);
    return { Id: await createNewsCategory(body.ParentId, body.Names) };
  },
});
