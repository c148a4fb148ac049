import csv,sys,collections,re
for f in sys.argv[1:]:
    rows=list(csv.reader(open(f)))
    hdr=rows[1]; data=rows[2:]
    ix={h:i for i,h in enumerate(hdr)}
    def num(r,h):
        try: return float(r[ix[h]].replace(',',''))
        except: return 0.0
    stalls=[h for h in hdr if h.startswith('stall_') and 'Not Issued' not in h]
    tot=collections.Counter(); ops=collections.Counter(); opst=collections.Counter()
    for r in data:
        n=num(r,'Instructions Executed')
        op=r[ix['Source']].split()
        op=[o for o in op if not o.startswith('@')]
        opc=op[0].split('.')[0] if op else '?'
        ops[opc]+=n
        for s in stalls: tot[s]+=num(r,s); opst[(opc,s)]+=num(r,s)
    T=sum(tot.values()); N=sum(ops.values())
    print('==',f, 'instr %.1fG'%(N/1e9), 'samples',int(T))
    print('  ops:', ', '.join('%s %.1f%%'%(k,100*v/N) for k,v in ops.most_common(12)))
    print('  stalls:', ', '.join('%s %.1f%%'%(k[6:],100*v/T) for k,v in tot.most_common(10)))
    # where are the top stall samples by opcode
    top=sorted(((v,k) for k,v in opst.items()),reverse=True)[:10]
    print('  top op/stall:', ', '.join('%s/%s %.1f%%'%(k[0],k[1][6:],100*v/T) for v,k in top))
    sh=sum(num(r,'L1 Wavefronts Shared') for r in data); shi=sum(num(r,'L1 Wavefronts Shared Ideal') for r in data)
    print('  shared wavefronts %.2fG ideal %.2fG'%(sh/1e9,shi/1e9))
