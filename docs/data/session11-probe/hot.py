import csv,sys
f=sys.argv[1]; rows=list(csv.reader(open(f))); hdr=rows[1]; ix={h:i for i,h in enumerate(hdr)}
data=rows[2:]
mx=max(float(r[ix['Instructions Executed']].replace(',','') or 0) for r in data)
for r in data:
    n=float(r[ix['Instructions Executed']].replace(',','') or 0)
    if n>=mx*0.5:
        src=r[ix['Source']]
        if sys.argv[2]=='all' or not src.split()[0].startswith(('FFMA',)):
            print(r[ix['Address']], '%.2f'%(n/mx), src)
