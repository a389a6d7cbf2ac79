import type { Page } from "@playwright/test";
import { expect, seriousViolations, settled, signIn, test } from "../support/e2e";
import { picture } from "../support/pictures";

const png = async (name: string, width: number, height: number) => ({
  name,
  mimeType: "image/png",
  buffer: await picture(width, height),
});

async function hydratedUploader(page: Page) {
  const input = page.locator(".asset-uploader__input");
  // Hydrated: the input no longer posts with the form (files go to the API as they are chosen).
  await expect(input).not.toHaveAttribute("name", "files");
  return input;
}

test("an editor browses folders, uploads, renames and saves into the chosen folder", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "editor@vitrine.test", "Vitrine-editor-1");
  await page.goto("/fr/assetslibrary");
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  // The root's level starts open; a folder without children has no toggle.
  const root = page.locator(".folder-tree > li");
  await expect(root).toHaveAttribute("data-open", "true");
  await root.locator("> .folder-tree__node [data-folder-toggle]").click();
  await expect(root).toHaveAttribute("data-open", "false");
  await expect(page.getByRole("link", { name: "Content" })).toBeHidden();
  await root.locator("> .folder-tree__node [data-folder-toggle]").click();

  // Choosing a folder loads its fragment in place, changes the address and tells the dataLayer.
  await page.getByRole("link", { name: "Content" }).click();
  await expect(page).toHaveURL(/\/fr\/assetslibrary\?folderId=3$/);
  await expect(page.locator("#asset-folder-title")).toHaveText("Fichiers de « Content »");
  const pushed = await page.evaluate(() =>
    (window.dataLayer as { event?: string }[]).filter((e) => e.event === "changeFolder"),
  );
  expect(pushed.at(-1)).toEqual({ event: "changeFolder", assets: { rootFolderId: "1", targetFolderId: "3" } });

  const input = await hydratedUploader(page);
  await input.setInputFiles(await png("vitrine-banniere.png", 640, 480));
  const item = page.locator(".asset-uploader__item");
  await expect(item).toHaveCount(1);
  await expect(item.locator(".asset-uploader__size")).toHaveText("640 × 480 px");
  await item.getByLabel("Nom du fichier").fill("Bannière d'hiver");
  await page.getByRole("button", { name: "Enregistrer dans ce dossier" }).click();
  await expect(page.locator("[data-flash]")).toContainText("Fichiers enregistrés : 1.");
  await expect(page).toHaveURL(/folderId=3$/);
  const saved = page.locator(".asset-grid__item", { hasText: "Bannière d'hiver" });
  await expect(saved.locator("img")).toHaveJSProperty("complete", true);
  // Shown by a small rendition of the 640 px photo, its own size said beside it.
  await expect(saved.locator(".asset-uploader__size")).toHaveText("640 × 480 px");
  expect([192, 320]).toContain(await saved.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth));
});

test.describe("the uploader island", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, "editor@vitrine.test", "Vitrine-editor-1");
  });

  test("crops a larger image in the modal, after a quarter turn, and says so", async ({ page }) => {
    await page.goto("/dev/islands/asset-uploader/images-cropped?culture=fr");
    const input = await hydratedUploader(page);
    await input.setInputFiles(await png("large.png", 1200, 800));
    const dialog = page.getByRole("dialog", { name: "Recadrer l'image" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(".cropper-container")).toBeVisible();
    expect(await seriousViolations(page, { include: ".crop-dialog" })).toEqual([]);
    await dialog.getByRole("button", { name: "Tourner à droite" }).click();
    await dialog.getByRole("button", { name: "Recadrer", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator(".asset-uploader__messages")).toHaveText("Image recadrée");
    await expect(page.locator(".asset-uploader__size")).toHaveText("400 × 300 px");
  });

  test("adds an image of the crop's size directly; refuses a smaller one and a wrong type", async ({ page }) => {
    await page.goto("/dev/islands/asset-uploader/images-cropped?culture=fr");
    const input = await hydratedUploader(page);
    const required = page.locator("input[name='file-upload-required-banner']");
    await expect(required).not.toBeChecked();
    // Required: asking the form to validate shows the message; adding a file clears it.
    await required.evaluate((box: HTMLInputElement) => box.form?.reportValidity() ?? box.reportValidity());
    await expect(page.locator(".asset-uploader__messages")).toHaveText("Ajoutez au moins un fichier.");
    await input.setInputFiles(await png("exact.png", 400, 300));
    await expect(page.locator(".asset-uploader__item")).toHaveCount(1);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(required).toBeChecked();
    await expect(page.locator(".asset-uploader__messages")).toHaveText("");

    await input.setInputFiles(await png("small.png", 300, 200));
    await expect(page.locator(".asset-uploader__messages")).toHaveText(
      "small.png: L'image est trop petite. Taille minimale : 400 × 300 px",
    );
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.locator(".asset-uploader__messages")).toContainText("notes.txt: Veuillez choisir une image");
    await expect(page.locator(".asset-uploader__item")).toHaveCount(1);
  });

  test("reorders by keyboard and by dragging, renames and removes; the hidden fields follow", async ({ page }) => {
    await page.goto("/dev/islands/asset-uploader/files?culture=fr");
    const input = await hydratedUploader(page);
    await input.setInputFiles([await png("a.png", 40, 30), await png("b.png", 40, 30), await png("c.png", 40, 30)]);
    const items = page.locator(".asset-uploader__item");
    await expect(items).toHaveCount(3);
    const names = () =>
      items.locator("input[id$='-name']").evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(await names()).toEqual(["a.png", "b.png", "c.png"]);
    await page.getByRole("button", { name: "Descendre a.png" }).focus();
    await page.keyboard.press("Enter");
    expect(await names()).toEqual(["b.png", "a.png", "c.png"]);
    await expect(page.locator("[aria-live=polite]")).toHaveText("a.png est maintenant en position 2 sur 3.");
    await items.nth(2).dragTo(items.nth(0));
    expect(await names()).toEqual(["c.png", "b.png", "a.png"]);
    const order = await page.locator("input[name='list-assets-orders-documents']").inputValue();
    const ids = await items.evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.asset));
    expect(order.split(",")).toEqual(ids);
    await page.getByRole("button", { name: "Retirer b.png" }).click();
    await expect(items).toHaveCount(2);
    await expect(page.locator(`input[name='asset-${ids[1]}']`)).toHaveCount(0);
  });
});

test("the uploader shows the bytes sent and refuses more files than it takes", async ({ page }) => {
  await signIn(page, "editor@vitrine.test", "Vitrine-editor-1");
  await page.goto("/dev/islands/asset-uploader/single-image?culture=fr");
  const input = await hydratedUploader(page);
  // The answer waits a second: the bytes already sent show meanwhile.
  await page.route("**/api/v1/assetslibrary/assets/upload**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await input.setInputFiles([await png("one.png", 300, 200)]);
  await expect(page.locator(".asset-uploader__progress")).toContainText(/KB envoyés sur \d+ KB/);
  await expect(page.locator(".asset-uploader__item")).toHaveCount(1);
  await expect(page.locator(".asset-uploader__progress")).toHaveCount(0);
  await expect(page.locator("input[name='AssetLoadedlogo']")).toHaveValue("true");
  await input.setInputFiles([await png("two.png", 30, 20)]);
  await expect(page.locator(".asset-uploader__messages")).toHaveText("Vous pouvez ajouter un seul fichier.");
  await expect(page.locator(".asset-uploader__item")).toHaveCount(1);
});

test("a folder fragment answers only for a folder under the root it names", async ({ page }) => {
  await signIn(page, "editor@vitrine.test", "Vitrine-editor-1");
  expect((await page.request.get("/fr/assetslibrary/asset/assetsbyfolder/")).status()).toBe(200);
  expect((await page.request.get("/fr/assetslibrary/asset/assetsbyfolder/3/1")).status()).toBe(200);
  expect((await page.request.get("/fr/assetslibrary/asset/assetsbyfolder/3/2")).status()).toBe(404);
  expect((await page.request.get("/fr/assetslibrary/asset/assetsbyfolder/abc/1")).status()).toBe(404);
});

test("a folder shows its files a page at a time, each by a small rendition", async ({ page }) => {
  await signIn(page, "editor@vitrine.test", "Vitrine-editor-1");
  const items = (html: string) => html.match(/class="asset-grid__item"/g)?.length ?? 0;
  const pageOf = async (query: string) =>
    (await (await page.request.get(`/fr/assetslibrary?folderId=2${query}`)).text()).replace(/&(#38|amp);/g, "&");
  // The seed's photos: more than one page.
  const first = await pageOf("");
  expect(items(first)).toBe(48);
  const total = Number(/aria-label="Page 1 (?:sur|de) (\d+)"/.exec(first)?.[1]);
  expect(total).toBeGreaterThan(1);
  expect(first).toContain('href="/fr/assetslibrary?folderId=2&page=2" rel="next"');
  // Thumbnails are renditions, never the full photo.
  expect(first).toMatch(
    /"asset-grid__item"[^>]*> <img src="\/media\/[\w-]+-w320\.webp" srcset="\/media\/[\w-]+-w192\.webp 192w/,
  );
  const second = await pageOf("&page=2");
  expect(items(second)).toBe(48);
  // Each file once over the pages; a page past the end shows the last one.
  const ids = (html: string) => [...html.matchAll(/data-asset-id="(\d+)"/g)].map((m) => m[1]);
  expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
  const last = await pageOf(`&page=${total}`);
  expect(ids(await pageOf("&page=999"))).toEqual(ids(last));
  expect(ids(await pageOf("&page=abc"))).toEqual(ids(first));
  // A form on page 2 comes back to page 2.
  expect(second).toContain('name="ReturnUrl" value="/fr/assetslibrary?folderId=2&page=2"');
});

test("shoppers are refused and guests sent to sign in; shop pages load none of the library's code", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
  await page.goto("/fr/");
  await page.goto("/fr/c/vetements");
  expect(scripts.filter((s) => /AssetUploader|cropper|asset-folders/i.test(s))).toEqual([]);
  await page.goto("/fr/assetslibrary");
  await expect(page).toHaveURL(/\/fr\/security\/login\?returnUrl=/);
  await signIn(page, "marie@vitrine.test", "Vitrine-demo-1");
  const response = await page.goto("/fr/assetslibrary");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("alert")).toContainText(/autorisé|interdit|droit/i);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("folders are created, renamed and deleted with plain forms; a folder with files is not", async ({ page }) => {
    await signIn(page, "editor@vitrine.test", "Vitrine-editor-1");
    await page.goto("/fr/assetslibrary?folderId=3");
    await page.locator("#new-folder-name").fill("Presse");
    await page.getByRole("button", { name: "Créer" }).click();
    await expect(page.locator("[data-flash]")).toContainText("Dossier enregistré.");
    await expect(page.locator("#asset-folder-title")).toHaveText("Fichiers de « Presse »");
    await page.locator("#rename-folder-name").fill("Presse 2027");
    await page.getByRole("button", { name: "Renommer" }).click();
    await expect(page.locator("#asset-folder-title")).toHaveText("Fichiers de « Presse 2027 »");
    await page.getByRole("button", { name: "Supprimer ce dossier" }).click();
    await expect(page.locator("[data-flash]")).toContainText("Dossier supprimé.");
    await expect(page).toHaveURL(/folderId=3$/);
    await expect(page.getByRole("link", { name: "Presse 2027" })).toHaveCount(0);
    // Content holds files: refused, said, kept.
    await page.getByRole("button", { name: "Supprimer ce dossier" }).click();
    await expect(page.locator("[data-flash]")).toContainText("Ce dossier contient encore des fichiers");
    await expect(page.getByRole("link", { name: "Content" })).toHaveCount(1);
  });

  test("the library's form posts the chosen file itself", async ({ page }) => {
    await signIn(page, "editor@vitrine.test", "Vitrine-editor-1");
    await page.goto("/fr/assetslibrary?folderId=2");
    await page.locator("input[name=files]").setInputFiles(await png("sans-js.png", 120, 90));
    await page.getByRole("button", { name: "Enregistrer dans ce dossier" }).click();
    await expect(page.locator("[data-flash]")).toContainText("Fichiers enregistrés : 1.");
    await expect(page.locator(".asset-grid__item", { hasText: "sans-js.png" })).toHaveCount(1);
    // A document is served only as a download, as the type its content was checked to be.
    await page.locator("input[name=files]").setInputFiles({
      name: "fiche.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"),
    });
    await page.getByRole("button", { name: "Enregistrer dans ce dossier" }).click();
    const href = await page.locator(".asset-grid__item a[download]", { hasText: "fiche.pdf" }).getAttribute("href");
    const file = await page.request.get(href as string);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect(file.headers()["content-disposition"]).toBe("attachment");
    expect(file.headers()["x-content-type-options"]).toBe("nosniff");
    expect((await page.request.get((href as string).replace(/\.pdf$/, ".webp"))).status()).toBe(404);
    // Spec 000's crop address answers like the API (a POST: it writes): an unknown upload carries Error.
    const cropAddress = `/assets/croptempimg/tmp-${"0".repeat(32)}/0/0/10/10/10/10`;
    const crop = await page.request.post(cropAddress, { headers: { Origin: new URL(page.url()).origin } });
    expect(crop.status()).toBe(404);
    expect((await crop.json()).Error).toBeTruthy();
    // From another site it is refused before anything is read.
    expect((await page.request.post(cropAddress, { headers: { Origin: "https://evil.example" } })).status()).toBe(403);
  });
});
