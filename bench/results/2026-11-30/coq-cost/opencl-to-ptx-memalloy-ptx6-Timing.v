Require Import Coq.Lists.List.
Require Import Mapsound.MsDecide Mapsound.Refute_opencl_to_ptx_memalloy_ptx6_coherence Mapsound.Check_opencl_to_ptx_memalloy_ptx6_dec.
Definition source_100 : bool := List.forallb (fun _ : nat =>
  match Check_opencl_to_ptx_memalloy_ptx6_dec.Src_dec.consistent_c fs Sb Ws0 with Some _ => true | None => false end) (List.seq 0 100).
Definition target_100 : bool := List.forallb (fun _ : nat =>
  match Check_opencl_to_ptx_memalloy_ptx6_dec.Tgt_dec.consistent_c ft Tb Wt with Some _ => true | None => false end) (List.seq 0 100).
Time Eval vm_compute in source_100.
Time Eval vm_compute in target_100.
