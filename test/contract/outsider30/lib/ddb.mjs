// An in-memory port of the DynamoDB single table the Lambdas use.
// Semantics kept: items are copied in and out, keys are (PK, SK), Query walks one
// partition in SK order with ExclusiveStartKey/Limit, TransactWriteItems is
// all-or-nothing with ConditionExpressions, BatchWriteItem takes at most 25 requests,
// an item may not exceed 400 KB. Every read the functions make is ConsistentRead.
const MAX_ITEM_BYTES = 400 * 1024;

export class DynamoError extends Error {
  constructor(name, message, reasons) {
    super(message);
    this.name = name;
    this.reasons = reasons;
  }
}

const clone = (v) => (v === undefined ? undefined : structuredClone(v));

function itemSize(item) {
  let n = 0;
  for (const [k, v] of Object.entries(item)) n += Buffer.byteLength(k) + Buffer.byteLength(JSON.stringify(v) ?? '');
  return n;
}

export class Table {
  constructor(name) {
    this.name = name;
    this.partitions = new Map(); // PK -> Map(SK -> item)
  }

  #part(pk, create) {
    let p = this.partitions.get(pk);
    if (!p && create) {
      p = new Map();
      this.partitions.set(pk, p);
    }
    return p;
  }

  #check(item) {
    if (typeof item.PK !== 'string' || typeof item.SK !== 'string') throw new DynamoError('ValidationException', 'One or more parameter values were invalid: Missing the key PK or SK in the item');
    if (Buffer.byteLength(item.PK) > 2048) throw new DynamoError('ValidationException', 'One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes');
    if (Buffer.byteLength(item.SK) > 1024) throw new DynamoError('ValidationException', 'One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes');
    if (itemSize(item) > MAX_ITEM_BYTES) throw new DynamoError('ValidationException', 'Item size has exceeded the maximum allowed size');
  }

  getItem({ PK, SK }) {
    return clone(this.#part(PK)?.get(SK));
  }

  #condOk(cond, existing) {
    if (!cond) return true;
    if (cond === 'attribute_not_exists(PK)') return existing === undefined;
    if (cond === 'attribute_exists(PK)') return existing !== undefined;
    if (typeof cond === 'function') return cond(clone(existing));
    throw new Error(`unsupported condition ${cond}`);
  }

  putItem({ Item, ConditionExpression }) {
    this.transactWrite([{ Put: { Item, ConditionExpression } }]);
  }

  deleteItem({ Key, ConditionExpression }) {
    this.transactWrite([{ Delete: { Key, ConditionExpression } }]);
  }

  // ops: [{Put:{Item,ConditionExpression}} | {Delete:{Key,ConditionExpression}} | {ConditionCheck:{Key,ConditionExpression}}]
  transactWrite(ops) {
    if (ops.length > 100) throw new DynamoError('ValidationException', 'Member must have length less than or equal to 100');
    const seen = new Set();
    const reasons = [];
    let failed = false;
    for (const op of ops) {
      const body = op.Put ?? op.Delete ?? op.ConditionCheck;
      const key = op.Put ? { PK: body.Item.PK, SK: body.Item.SK } : body.Key;
      const id = `${key.PK}\u0000${key.SK}`;
      if (seen.has(id)) throw new DynamoError('ValidationException', 'Transaction request cannot include multiple operations on one item');
      seen.add(id);
      if (op.Put) this.#check(body.Item);
      const existing = this.#part(key.PK)?.get(key.SK);
      const ok = this.#condOk(body.ConditionExpression, existing);
      reasons.push(ok ? 'None' : 'ConditionalCheckFailed');
      if (!ok) failed = true;
    }
    if (failed) {
      throw new DynamoError('TransactionCanceledException', `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.join(', ')}]`, reasons);
    }
    for (const op of ops) {
      if (op.Put) this.#part(op.Put.Item.PK, true).set(op.Put.Item.SK, clone(op.Put.Item));
      else if (op.Delete) this.#drop(op.Delete.Key);
    }
  }

  #drop({ PK, SK }) {
    const p = this.#part(PK);
    if (!p) return;
    p.delete(SK);
    if (p.size === 0) this.partitions.delete(PK);
  }

  batchWrite(requests) {
    // BatchWriteItem: at most 25 per call; the caller loops over chunks.
    for (let i = 0; i < requests.length; i += 25) {
      for (const r of requests.slice(i, i + 25)) {
        if (r.PutRequest) {
          this.#check(r.PutRequest.Item);
          this.#part(r.PutRequest.Item.PK, true).set(r.PutRequest.Item.SK, clone(r.PutRequest.Item));
        } else if (r.DeleteRequest) this.#drop(r.DeleteRequest.Key);
      }
    }
  }

  // Query one partition, SK begins_with prefix, in SK order.
  query({ PK, skPrefix = '', ExclusiveStartKey, Limit, ScanIndexForward = true, Filter }) {
    const p = this.#part(PK);
    if (!p) return { Items: [] };
    let keys = [...p.keys()].filter((k) => k.startsWith(skPrefix)).sort();
    if (!ScanIndexForward) keys.reverse();
    if (ExclusiveStartKey) {
      const sk = ExclusiveStartKey.SK;
      keys = keys.filter((k) => (ScanIndexForward ? k > sk : k < sk));
    }
    const Items = [];
    let LastEvaluatedKey;
    for (const k of keys) {
      const item = p.get(k);
      if (Limit !== undefined && Items.length >= Limit) break;
      if (!Filter || Filter(item)) Items.push(clone(item));
      LastEvaluatedKey = { PK, SK: k };
    }
    if (Limit === undefined || Items.length < Limit) LastEvaluatedKey = undefined;
    return { Items, LastEvaluatedKey };
  }
}
