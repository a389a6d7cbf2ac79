import { z } from "zod";
import { contentEditor } from "~/features/customers/customers.server";
import type { Culture } from "~/lib/culture";
import { defineEndpoint } from "~/server/http/endpoint";
import { IdSchema, PublishSchema, type WriteAnswer, WriteAnswerSchema } from "./content.schemas";

interface EditorService<I> {
  list(): Promise<unknown[]>;
  get(id: number): Promise<unknown>;
  save(id: number | null, input: I, culture: Culture): Promise<WriteAnswer>;
  publish(id: number, published: boolean, culture: Culture): Promise<WriteAnswer>;
  remove(id: number): Promise<void>;
}

/**
 * The editors' API of one kind of content (pages, news, banners, popups): list, read, create, replace,
 * publish and delete, each for editors and staff only (403 for shoppers, 401 for guests). Written once
 * here so that every kind has the same contract; each write answers the public `Url`.
 */
export function editorEndpoints<const P extends string, S extends z.ZodType>(
  path: P,
  noun: string,
  input: S,
  service: EditorService<z.output<S>>,
) {
  const tags = ["content"];
  const params = z.object({ id: IdSchema });
  return {
    list: defineEndpoint({
      method: "get",
      path,
      summary: `Editors: every ${noun}, published or not`,
      tags,
      response: z.array(z.unknown()),
      auth: true,
      run: async ({ session }) => {
        await contentEditor(session);
        return service.list();
      },
    }),
    get: defineEndpoint({
      method: "get",
      path: `${path}/:id` as `${P}/:id`,
      summary: `Editors: one ${noun} with all its translations`,
      tags,
      params,
      response: z.unknown(),
      auth: true,
      run: async ({ session, params }) => {
        await contentEditor(session);
        return service.get(params.id);
      },
    }),
    create: defineEndpoint({
      method: "post",
      path,
      summary: `Editors: a new ${noun}; answers its public Url and what its island tags got wrong`,
      tags,
      body: input,
      response: WriteAnswerSchema,
      auth: true,
      run: async ({ session, body, culture }) => {
        await contentEditor(session);
        return service.save(null, body as z.output<S>, culture);
      },
    }),
    update: defineEndpoint({
      method: "put",
      path: `${path}/:id` as `${P}/:id`,
      summary: `Editors: replace a ${noun} and its translations`,
      tags,
      params,
      body: input,
      response: WriteAnswerSchema,
      auth: true,
      run: async ({ session, params, body, culture }) => {
        await contentEditor(session);
        return service.save(params.id, body as z.output<S>, culture);
      },
    }),
    publish: defineEndpoint({
      method: "post",
      path: `${path}/:id/publish` as `${P}/:id/publish`,
      summary: `Editors: publish or withdraw a ${noun}`,
      tags,
      params,
      body: PublishSchema,
      response: WriteAnswerSchema,
      auth: true,
      run: async ({ session, params, body, culture }) => {
        await contentEditor(session);
        return service.publish(params.id, body.Published, culture);
      },
    }),
    remove: defineEndpoint({
      method: "delete",
      path: `${path}/:id` as `${P}/:id`,
      summary: `Editors: delete a ${noun}`,
      tags,
      params,
      response: z.object({ Id: z.number() }),
      auth: true,
      run: async ({ session, params }) => {
        await contentEditor(session);
        await service.remove(params.id);
        return { Id: params.id };
      },
    }),
  };
}
