import { addSynonyms, listSynonyms, removeSynonyms } from '../modules/library/synonyms.ts';
import { type Command, idArg } from './command.ts';

/** `npm run admin -- synonyms | synonym-add | synonym-remove`: the search's synonym sets (modules/library/synonyms.ts). */
export const searchCommands: Record<string, Command> = {
  synonyms: {
    reads: true,
    usage: 'synonyms',
    help: '列出检索用的同义词组（编号与词语）',
    run: async ({ prisma }) => {
      const sets = await listSynonyms(prisma);
      for (const set of sets) console.log(`${set.id}\t${set.words.join(' · ')}`);
      console.log(`共 ${sets.length} 组`);
      return 0;
    },
  },
  'synonym-add': {
    usage: 'synonym-add <词语> <词语> [词语…]',
    help: '新增一组同义词（检索时互相等同，例如 写作 作文 习作）',
    run: async ({ prisma }, words) => {
      const set = await addSynonyms(prisma, words);
      console.log(`已新增同义词组 ${set.id}：${set.words.join(' · ')}`);
      return 0;
    },
  },
  'synonym-remove': {
    usage: 'synonym-remove <编号>',
    help: '删除一组同义词',
    run: async ({ prisma }, [id], usage) => {
      const n = idArg(id, usage);
      if (!(await removeSynonyms(prisma, n))) throw new Error(`同义词组 ${n} 不存在`);
      console.log(`已删除同义词组 ${n}`);
      return 0;
    },
  },
};
