import { redisScript } from './redis-script.js';

// The run log's atomic steps, on Redis's own clock (TIME), so every instance agrees on leases.
// A run is a hash (KEYS[1]: user, conv, msg, models, last, finished, stop, stop_models, live_until,
// written; stop is the whole run's stop, stop_models the JSON array of the models whose answers
// were asked to stop, each once, in the order asked, absent until the first)
// and a stream of its events (KEYS[2]) whose entry ids are 0-<seq>, so XREAD after 0-<n> answers
// exactly the events after n. Every key expires `retention` after the run's last write.

const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/**
 * One run of a sync. KEYS: run hash, events stream, written zset, conversation zset.
 * ARGV: user, run id, has start (0|1), conversation, user message, model ids (JSON), finished (0|1),
 * lease ms, retention ms, then seq and event JSON pairs. Answers, when the run is not finished and
 * a stop was asked: 1 for the whole run (even with models asked too), else the stop_models JSON
 * array (a string); 0 when no stop was asked or the run is finished; -1 when the run is not this
 * user's (or was never started): nothing is written then.
 */
export const syncRun = redisScript(`${NOW}
local user, run = ARGV[1], ARGV[2]
local lease, retention = tonumber(ARGV[8]), tonumber(ARGV[9])
if ARGV[3] == '1' and redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'user', user, 'conv', ARGV[4], 'msg', ARGV[5], 'models', ARGV[6], 'last', 0, 'finished', 0, 'stop', 0, 'created', now)
  redis.call('ZADD', KEYS[4], now, run)
  redis.call('PEXPIRE', KEYS[4], retention * 2)
end
if redis.call('HGET', KEYS[1], 'user') ~= user then return -1 end
local last = tonumber(redis.call('HGET', KEYS[1], 'last'))
for i = 10, #ARGV, 2 do
  local seq = tonumber(ARGV[i])
  if seq == last + 1 then
    redis.call('XADD', KEYS[2], '0-' .. seq, 'e', ARGV[i + 1])
    last = seq
  end
end
redis.call('HSET', KEYS[1], 'last', last, 'live_until', now + lease, 'written', now)
if ARGV[7] == '1' then redis.call('HSET', KEYS[1], 'finished', 1) end
redis.call('ZADD', KEYS[3], now, run)
redis.call('PEXPIRE', KEYS[1], retention + lease)
if last > 0 then redis.call('PEXPIRE', KEYS[2], retention + lease) end
local stop = redis.call('HMGET', KEYS[1], 'finished', 'stop', 'stop_models')
if stop[1] ~= '0' then return 0 end
if stop[2] == '1' then return 1 end
if stop[3] then return stop[3] end
return 0`);

/**
 * A run of the user's with its events after `after` (at most `limit`); with `stop` = 1 first asks it
 * to stop (unless finished): the whole run, or with a model (ARGV[5], given only then) that model's
 * answer only (added to stop_models unless there already). KEYS: run hash, events stream.
 * ARGV: user, after, limit, stop[, model]. Answers nil when it is not the user's, else
 * {conv, msg, models, last, finished, stop, state, entries} (stop: the whole run's).
 */
export const readRun = redisScript(`${NOW}
local fields = redis.call('HMGET', KEYS[1], 'user', 'conv', 'msg', 'models', 'last', 'finished', 'stop', 'live_until')
if fields[1] ~= ARGV[1] then return nil end
if ARGV[4] == '1' and fields[6] == '0' then
  if #ARGV >= 5 then
    local stopped = {}
    local kept = redis.call('HGET', KEYS[1], 'stop_models')
    if kept then stopped = cjson.decode(kept) end
    local asked = false
    for _, model in ipairs(stopped) do
      if model == ARGV[5] then asked = true end
    end
    if not asked then
      stopped[#stopped + 1] = ARGV[5]
      redis.call('HSET', KEYS[1], 'stop_models', cjson.encode(stopped))
    end
  else
    redis.call('HSET', KEYS[1], 'stop', 1)
    fields[7] = '1'
  end
end
local state = 'abandoned'
if fields[6] == '1' then state = 'finished' elseif tonumber(fields[8]) > now then state = 'running' end
local entries = {}
local limit = tonumber(ARGV[3])
if limit > 0 then entries = redis.call('XRANGE', KEYS[2], '0-' .. (tonumber(ARGV[2]) + 1), '+', 'COUNT', limit) end
return {fields[2], fields[3], fields[4], fields[5], fields[6], fields[7], state, entries}`);

/**
 * Deletes the runs whose last write is older than ARGV[2] ms and that are finished or abandoned.
 * KEYS: written zset. ARGV: key prefix, older-than ms. Answers how many went.
 */
export const expireRuns = redisScript(`${NOW}
local gone = 0
local old = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. (now - tonumber(ARGV[2])), 'LIMIT', 0, 1000)
for _, run in ipairs(old) do
  local key = ARGV[1] .. run
  local state = redis.call('HMGET', key, 'finished', 'live_until')
  if state[1] == false or state[1] == '1' or tonumber(state[2]) <= now then
    redis.call('DEL', key, key .. ':events')
    redis.call('ZREM', KEYS[1], run)
    gone = gone + 1
  end
end
return gone`);
