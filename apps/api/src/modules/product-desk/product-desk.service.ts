import type { Db } from '@padi/db/client'
import type {
  PackCreate,
  ProductCreate,
  PackPrices,
  ProductDeskList,
  ProductDeskProduct,
  ProductEdit,
  StockCount,
} from '@padi/domain/catalogue/product-desk-schemas'
import { DomainError } from '@padi/domain/errors'
import { groupOfCategory, type Category } from '@padi/domain/catalogue/catalogue'
import { isUniqueViolation } from '@padi/db/unique-violation'
import { randomToken } from '../../secrets.ts'
import type { Market } from '@padi/domain/markets'
import type { Clock } from '../../clock.ts'
import { bumpContentVersion } from '../content/content-version.repository.ts'
import type { ProductsRepository } from '../products/products.repository.ts'
import type { ProductPhotoStore } from '../files/product-photo-store.ts'
import { createProductDeskRepository } from './product-desk.repository.ts'

const PAGE = 50

/**
 * The start of a product's search text: its names, titles and brand (as the seed writes it;
 * packages/db seed), which an edit replaces and keeps the rest (actives, models, category words).
 */
function leadingWords(p: Pick<ProductEdit, 'name' | 'title' | 'brand'>) {
  return [p.name.en, p.name.bm, p.name.th, p.title.en, p.title.bm, p.brand].join(' ').toLowerCase()
}

/** The columns a product's texts fill, with the sort keys that follow from them. */
function textColumns(input: ProductEdit) {
  return {
    brand: input.brand,
    name: input.name,
    title: input.title,
    description: input.description,
    featured: input.featured,
    sortTitle: input.name.en.toLowerCase(),
    sortBrand: input.brand.toLowerCase(),
  }
}

/**
 * docs/product/back-office.md (Products): admin edits a product's texts, a pack's prices per
 * country and its stock per branch. Each change: one transaction, its audit entry, the list
 * columns worked out again, the content version moved; then the API's answer cache is emptied
 * (`forget`), so the shop shows it at once.
 */
export function createProductDeskService(deps: {
  db: Db
  clock: Clock
  catalogue: Pick<ProductsRepository, 'findById'>
  photos: ProductPhotoStore
  forget: () => void
}) {
  const { db, clock } = deps
  const repo = createProductDeskRepository(db)

  async function change<T>(
    actorUserId: number,
    subjectId: number,
    action: string,
    work: (
      tx: Db,
    ) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown>; result: T }>,
  ): Promise<T> {
    const now = clock.now()
    const result = await db.transaction(async (tx) => {
      const done = await work(tx)
      await createProductDeskRepository(tx).insertAuditEntry({
        actorUserId,
        action,
        subjectType: 'product',
        subjectId,
        before: done.before,
        after: done.after,
        createdAt: now,
      })
      await bumpContentVersion(tx)
      return done.result
    })
    deps.forget()
    return result
  }

  /** A pack row; a SKU another pack has is refused on its field. */
  async function insertPack(tx: Db, productId: number, input: PackCreate, sortOrder: number) {
    try {
      await createProductDeskRepository(tx).insertPack({
        productId,
        sku: input.sku,
        label: input.label,
        priceMyMinor: input.price_my_minor,
        priceThMinor: input.price_th_minor,
        sortOrder,
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      throw new DomainError('VALIDATION_FAILED', 'Validation failed', {
        extra: { errors: [{ field: 'sku', message: 'validation.skuTaken' }] },
      })
    }
  }

  /** The pack of this product, locked for the change; another product's pack is 'not found'. */
  async function lockedPack(tx: Db, productId: number, packId: number) {
    const pack = await createProductDeskRepository(tx).lockPack(productId, packId)
    if (!pack) throw new DomainError('NOT_FOUND', 'Pack not found')
    return pack
  }

  async function get(id: number): Promise<ProductDeskProduct> {
    const found = await deps.catalogue.findById(id, { includeHidden: true })
    if (!found) throw new DomainError('NOT_FOUND', 'Product not found')
    const { row, variations: packs, stock } = found
    // Every branch, so a pack never stocked anywhere yet (a new one) can be counted in.
    const shops = await repo.branches()
    return {
      id: row.id,
      slug: row.slug,
      group: row.group,
      brand: row.brand,
      name: row.name,
      title: row.title,
      description: row.description,
      featured: row.featured,
      photo: row.photo,
      hidden: row.hiddenAt !== null,
      category: row.category,
      packs: packs.map((p) => ({
        id: p.id,
        sku: p.sku,
        label: p.label,
        price_my_minor: p.priceMyMinor,
        price_th_minor: p.priceThMinor,
        stock: shops.map((b) => ({
          branch_id: b.id,
          branch_name: b.name,
          market: b.market as Market,
          quantity: stock.find((s) => s.variationId === p.id && s.branchId === b.id)?.quantity ?? 0,
        })),
      })),
    }
  }

  /** The product shows this photo (null: its category's picture), audited, in one transaction. */
  const pointPhotoAt = (actorUserId: number, id: number, photo: string | null) =>
    change(actorUserId, id, 'product.photo', async (tx) => {
      const txRepo = createProductDeskRepository(tx)
      const row = await txRepo.lockPhoto(id)
      if (!row) throw new DomainError('NOT_FOUND', 'Product not found')
      await txRepo.setPhoto(id, photo)
      return { before: { photo: row.photo }, after: { photo }, result: undefined }
    })
  return {
    /** GET /admin/products: by name (any language) or brand, 50 a page in id order. */
    async list(query: {
      q?: string | undefined
      after?: number | undefined
    }): Promise<ProductDeskList> {
      const rows = await repo.list(query, PAGE + 1)
      const page = rows.slice(0, PAGE)
      return {
        data: page,
        next_after: rows.length > PAGE ? (page.at(-1)?.id ?? null) : null,
      }
    },

    get,

    /** PUT /admin/products/:id: the texts, brand and 'featured'; the search words follow. */
    async edit(actorUserId: number, id: number, input: ProductEdit) {
      await change(actorUserId, id, 'product.edit', async (tx) => {
        const txRepo = createProductDeskRepository(tx)
        const row = await txRepo.lockProduct(id)
        if (!row) throw new DomainError('NOT_FOUND', 'Product not found')
        const old = leadingWords({
          name: { en: row.name.en, bm: row.name.bm ?? '', th: row.name.th ?? '' },
          title: { en: row.title.en, bm: row.title.bm ?? '', th: row.title.th ?? '' },
          brand: row.brand,
        })
        const rest = row.searchText.startsWith(old)
          ? row.searchText.slice(old.length)
          : ` ${row.searchText}`
        await txRepo.updateTexts(id, {
          ...textColumns(input),
          searchText: `${leadingWords(input)}${rest}`,
        })
        await txRepo.addSearchTerms(id)
        const texts = (r: { brand: string; name: unknown; title: unknown; featured: boolean }) => ({
          brand: r.brand,
          name: r.name,
          title: r.title,
          featured: r.featured,
        })
        return { before: texts(row), after: texts(input), result: undefined }
      })
      return get(id)
    },

    /**
     * PUT /admin/products/:id/photo: a new photo, stored in every size first; the product points
     * at it only once it is whole (an upload cut off changes nothing the shop shows).
     */
    async setPhoto(actorUserId: number, id: number, bytes: Buffer) {
      if (!(await repo.productExists(id))) throw new DomainError('NOT_FOUND', 'Product not found')
      const stored = await deps.photos.put(bytes)
      if (!stored.ok)
        throw new DomainError('VALIDATION_FAILED', 'Validation failed', {
          extra: {
            errors: [
              {
                field: 'photo',
                message:
                  stored.problem === 'too_small' ? 'validation.photoSmall' : 'validation.photoType',
              },
            ],
          },
        })
      await pointPhotoAt(actorUserId, id, stored.name)
      return get(id)
    },

    /**
     * DELETE /admin/products/:id/photo: the product goes back to its category's picture. The
     * files stay (their addresses may be cached for a year and always show the same picture).
     */
    async removePhoto(actorUserId: number, id: number) {
      await pointPhotoAt(actorUserId, id, null)
      return get(id)
    },

    /** PUT /admin/products/:id/visibility: hidden from every list, its page and checkout, or shown. */
    async setHidden(actorUserId: number, id: number, hidden: boolean) {
      await change(actorUserId, id, hidden ? 'product.hide' : 'product.show', async (tx) => {
        const txRepo = createProductDeskRepository(tx)
        const row = await txRepo.lockHiddenAt(id)
        if (!row) throw new DomainError('NOT_FOUND', 'Product not found')
        await txRepo.setHiddenAt(id, hidden ? (row.hiddenAt ?? clock.now()) : null)
        await txRepo.refreshListColumns(id)
        return {
          before: { hidden: row.hiddenAt !== null },
          after: { hidden },
          result: undefined,
        }
      })
      return get(id)
    },

    /** POST /admin/products: a new product with its first pack (no stock yet: out of stock). */
    async create(actorUserId: number, input: ProductCreate) {
      const now = clock.now()
      const id = await db.transaction(async (tx) => {
        const txRepo = createProductDeskRepository(tx)
        const slug = `${input.name.en
          .toLowerCase()
          .normalize('NFKD')
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 60)}-${randomToken(4)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, 'x')}`
        const productId = await txRepo.insertProduct({
          slug,
          group: groupOfCategory(input.category as Category),
          category: input.category as Category,
          ...textColumns(input),
          searchText: `${leadingWords(input)} ${input.category.replace(/_/g, ' ')}`,
          createdAt: now,
        })
        await insertPack(tx, productId, input.pack, 0)
        await txRepo.addSearchTerms(productId)
        await txRepo.refreshListColumns(productId)
        await txRepo.insertAuditEntry({
          actorUserId,
          action: 'product.create',
          subjectType: 'product',
          subjectId: productId,
          before: null,
          after: {
            name: input.name,
            brand: input.brand,
            category: input.category,
            sku: input.pack.sku,
          },
          createdAt: now,
        })
        await bumpContentVersion(tx)
        return productId
      })
      deps.forget()
      return get(id)
    },

    /** POST /admin/products/:id/packs: another pack (size or model), after the others. */
    async addPack(actorUserId: number, id: number, input: PackCreate) {
      await change(actorUserId, id, 'product.pack', async (tx) => {
        const txRepo = createProductDeskRepository(tx)
        if (!(await txRepo.lockProductForNewPack(id)))
          throw new DomainError('NOT_FOUND', 'Product not found')
        await insertPack(tx, id, input, (await txRepo.lastPackSortOrder(id)) + 1)
        await txRepo.refreshListColumns(id)
        return { before: {}, after: { sku: input.sku, label: input.label }, result: undefined }
      })
      return get(id)
    },

    /** PUT /admin/products/:id/packs/:packId/prices */
    async setPrices(actorUserId: number, id: number, packId: number, input: PackPrices) {
      await change(actorUserId, id, 'product.prices', async (tx) => {
        const txRepo = createProductDeskRepository(tx)
        const pack = await lockedPack(tx, id, packId)
        await txRepo.setPackPrices(packId, {
          priceMyMinor: input.price_my_minor,
          priceThMinor: input.price_th_minor,
        })
        await txRepo.refreshListColumns(id)
        return {
          before: {
            pack_id: packId,
            price_my_minor: pack.priceMyMinor,
            price_th_minor: pack.priceThMinor,
          },
          after: { pack_id: packId, ...input },
          result: undefined,
        }
      })
      return get(id)
    },

    /** PUT /admin/products/:id/packs/:packId/stock: only if the count is still what was seen. */
    async setStock(actorUserId: number, id: number, packId: number, input: StockCount) {
      await change(actorUserId, id, 'product.stock', async (tx) => {
        const txRepo = createProductDeskRepository(tx)
        await lockedPack(tx, id, packId)
        if (!(await txRepo.branchExists(input.branch_id)))
          throw new DomainError('NOT_FOUND', 'Branch not found')
        // Inserted at 0 when the branch never had this pack, then set only from what was seen.
        await txRepo.ensureStockRow(input.branch_id, packId)
        const set = await txRepo.setStockIfUnchanged({
          branchId: input.branch_id,
          packId,
          expected: input.expected,
          quantity: input.quantity,
        })
        if (!set)
          throw new DomainError(
            'CONFLICT',
            'The stock has changed since you looked: reload and count again',
          )
        await txRepo.refreshListColumns(id)
        return {
          before: { pack_id: packId, branch_id: input.branch_id, quantity: input.expected },
          after: { pack_id: packId, branch_id: input.branch_id, quantity: input.quantity },
          result: undefined,
        }
      })
      return get(id)
    },
  }
}
export type ProductDeskService = ReturnType<typeof createProductDeskService>
